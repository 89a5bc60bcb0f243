import { direction as directionOf } from '@autoroute/locales/meta';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { Theme } from '@mui/material/styles';
import { type ReactNode, useEffect, useMemo } from 'react';
import { defaultTheme, type RaThemeOptions, ThemeProvider, ThemesContext, useLocaleState, useTranslate } from 'react-admin';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] }),
};

const inFullscreen = () => (typeof document === 'undefined' ? null : ((document.fullscreenElement as HTMLElement | null) ?? document.body));

const lightTheme: RaThemeOptions = {
  ...defaultTheme,
  // #0047d1 keeps 4.5:1 contrast on MUI's filled inputs (WCAG 1.4.3).
  // The error red keeps 4.5:1 on white and on the form toolbar's grey (the Delete button, WCAG 1.4.3).
  palette: { mode: 'light', primary: { main: '#0047d1' }, secondary: { main: '#0b3a9e' }, error: { main: '#b3261e' } },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif' },
  components: {
    ...defaultTheme.components,
    // Dialogs, menus and pop-ups open inside the full-screen content area when there is one (the tabs'
    // "full screen"): outside it, the browser would not show them.
    MuiModal: { defaultProps: { container: inFullscreen } },
    MuiPopper: { defaultProps: { container: inFullscreen } },
    // Sortable column headers are buttons: at least 24 px high, as WCAG 2.5.8 asks of targets.
    MuiTableSortLabel: { styleOverrides: { root: { minBlockSize: 24 } } },
    // The bulk actions bar folds to no height when nothing is selected, yet its buttons stayed
    // reachable on top of the column headers: hide them until rows are selected.
    RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } } },
    // An empty list ("No Support request yet") greys its words with half opacity: 2.7:1 on white.
    // The secondary text colour, fully opaque, keeps 4.5:1 (WCAG 1.4.3) in both modes.
    RaEmpty: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({ '& .RaEmpty-message': { opacity: 1, color: theme.palette.text.secondary } }),
      },
    },
  },
};

const darkTheme: RaThemeOptions = {
  ...lightTheme,
  palette: { mode: 'dark', primary: { main: '#8fb4ff' }, secondary: { main: '#6b9dff' } },
};

/** The theme in the locale's direction, its spinners named in the locale's words (a progress bar needs a name). */
const localized = (theme: RaThemeOptions, dir: 'ltr' | 'rtl', loading: string): RaThemeOptions => ({
  ...theme,
  direction: dir,
  components: {
    ...theme.components,
    MuiCircularProgress: { defaultProps: { 'aria-label': loading } },
    MuiLinearProgress: { defaultProps: { 'aria-label': loading } },
  },
});

/** Arabic (and any right-to-left locale) flips the document, MUI's theme and its styles (SPEC §1). */
export function DirectionProvider({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const dir = directionOf(locale);
  const translate = useTranslate();
  const loading = translate('ra.page.loading');
  const themes = useMemo(
    () => ({ lightTheme: localized(lightTheme, dir, loading), darkTheme: localized(darkTheme, dir, loading) }),
    [dir, loading],
  );
  useEffect(() => {
    document.documentElement.dir = dir;
    document.documentElement.lang = locale.replace('_', '-');
    try {
      localStorage.setItem('i18nLng', locale);
    } catch {}
  }, [dir, locale]);
  return (
    <CacheProvider value={caches[dir]}>
      <ThemesContext.Provider value={themes}>
        <ThemeProvider>{children}</ThemeProvider>
      </ThemesContext.Provider>
    </CacheProvider>
  );
}
