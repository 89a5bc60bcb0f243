import { direction as directionOf } from '@autoroute/locales/meta';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { defaultTheme, type RaThemeOptions, ThemeProvider, ThemesContext, useLocaleState } from 'react-admin';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] }),
};

export const lightTheme: RaThemeOptions = {
  ...defaultTheme,
  // #0047d1 keeps 4.5:1 contrast on MUI's filled inputs (WCAG 1.4.3).
  palette: { mode: 'light', primary: { main: '#0047d1' }, secondary: { main: '#0b3a9e' } },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif' },
};

export const darkTheme: RaThemeOptions = {
  ...lightTheme,
  palette: { mode: 'dark', primary: { main: '#8fb4ff' }, secondary: { main: '#6b9dff' } },
};

const withDirection = (theme: RaThemeOptions, dir: 'ltr' | 'rtl'): RaThemeOptions => ({ ...theme, direction: dir });

/** Arabic (and any right-to-left locale) flips the document, MUI's theme and its styles (SPEC §1). */
export function DirectionProvider({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const dir = directionOf(locale);
  const themes = useMemo(() => ({ lightTheme: withDirection(lightTheme, dir), darkTheme: withDirection(darkTheme, dir) }), [dir]);
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
