import Close from '@mui/icons-material/Close';
import CloseFullscreen from '@mui/icons-material/CloseFullscreen';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import KeyboardDoubleArrowLeft from '@mui/icons-material/KeyboardDoubleArrowLeft';
import KeyboardDoubleArrowRight from '@mui/icons-material/KeyboardDoubleArrowRight';
import LayersClear from '@mui/icons-material/LayersClear';
import MoreVert from '@mui/icons-material/MoreVert';
import Refresh from '@mui/icons-material/Refresh';
import { Box, Button, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tab, Tabs, Tooltip, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  type Identifier,
  useGetOne,
  useGetRecordRepresentation,
  useGetResourceLabel,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  afterClose,
  available,
  type CloseAction,
  close,
  loadTabs,
  type ScreenTab,
  saveTabs,
  screenOf,
  tabKey,
  visit,
  withoutRecords,
} from './tabs.ts';

const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/**
 * The screen shown right now, read from the address (react-admin's hash router): a navigation the
 * router has not rendered yet (it renders them as transitions) is already there.
 */
const shownKey = (rendered: string | null) => {
  if (typeof window === 'undefined' || !window.location.hash.startsWith('#/')) return rendered;
  return tabKey(window.location.hash.slice(1).split('?')[0]!);
};
const PANEL_ID = 'screen-panel';
const TABLIST_ID = 'screen-tabs';
const tabId = (index: number) => `screen-tab-${index}`;

/** The records a successful delete mutation removed (react-admin keys them `[resource, 'delete' | 'deleteMany', …]`). */
function deletedBy(key: readonly unknown[] | undefined, variables: unknown): { resource: string; ids: Identifier[] } | null {
  const [keyResource, kind] = key ?? [];
  const vars = (variables ?? {}) as { resource?: unknown; id?: Identifier; ids?: Identifier[] };
  const resource = typeof vars.resource === 'string' ? vars.resource : keyResource;
  if (typeof resource !== 'string') return null;
  if (kind === 'delete' && vars.id !== undefined) return { resource, ids: [vars.id] };
  if (kind === 'deleteMany' && Array.isArray(vars.ids)) return { resource, ids: vars.ids };
  return null;
}

/**
 * When the focused control went away with its screen (a form's Delete, its confirmation closing),
 * the shown screen's tab takes the focus. The dialog's closing keeps the focus for a moment: a few looks.
 */
function focusShownTabIfLost(looks = [50, 250, 500, 1000]) {
  const [wait, ...later] = looks;
  if (wait === undefined) return;
  setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return focusShownTabIfLost(later);
    document.querySelector<HTMLElement>(`#${TABLIST_ID} [role="tab"][aria-selected="true"]`)?.focus();
  }, wait);
}

/** The title of a tab: the screen's name, an edited record's own name once it is loaded. */
function TabTitle({ tabKey: key }: { tabKey: string }) {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const screen = screenOf(key);
  const resource = screen.resource ?? '';
  const representation = useGetRecordRepresentation(resource);
  // Only what is already cached: a tab never fetches on its own.
  const { data } = useGetOne(resource, { id: screen.id ?? '' }, { enabled: false });
  switch (screen.kind) {
    case 'home':
      return <>{translate('ra.page.dashboard')}</>;
    case 'list':
      return <>{getResourceLabel(resource, 2)}</>;
    case 'create':
      return <>{translate('ra.page.create', { name: getResourceLabel(resource, 1) })}</>;
    default: {
      const name = getResourceLabel(resource, 1);
      const shown = data ? representation(data) : `#${screen.id}`;
      return <>{`${name} ${typeof shown === 'string' || typeof shown === 'number' ? shown : `#${screen.id}`}`}</>;
    }
  }
}

interface OpenMenu {
  key: string;
  anchor?: HTMLElement;
  position?: { top: number; left: number };
}

/**
 * The opened screens as tabs above the content (SPEC §2): clicking switches, the arrow keys move
 * between tabs, Delete closes one, and a menu (the button, a right click, Shift+F10 or the context-menu
 * key) offers close, close all, close left, close right, close others, full screen and refresh.
 */
export function ScreenTabs({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const notify = useNotify();
  const translate = useTranslate();
  const [tabs, setTabs] = useState<ScreenTab[]>(() => loadTabs(storage()));
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const exitButton = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const previousKey = useRef<string | null>(null);
  const activeKey = tabKey(location.pathname);

  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key re-runs it when the same screen is opened again after "close all".
  useEffect(() => {
    // A screen refused for lack of permission leaves no tab behind (react-admin sends it to /access-denied).
    const denied = location.pathname === '/access-denied' ? previousKey.current : null;
    setTabs((current) => {
      const kept = denied ? current.filter((t) => t.key !== denied) : current;
      return activeKey ? visit(kept, activeKey, `${location.pathname}${location.search}`) : kept;
    });
    previousKey.current = activeKey;
  }, [activeKey, location.pathname, location.search, location.key]);

  useEffect(() => saveTabs(storage(), tabs), [tabs]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === panel.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // A deleted record's edit or show tab closes (whatever deleted it: its form, a list's row or bulk
  // action); an undoable delete closes it once it is done, not while it can still be undone.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const deleted = deletedBy(event.mutation.options.mutationKey, event.mutation.state.variables);
        if (!deleted) return;
        setTabs((current) => withoutRecords(current, deleted.resource, deleted.ids));
        // react-admin has already left a deleted record's form for its list; a screen still showing it goes there.
        const shown = screenOf(shownKey(null) ?? '/');
        if (shown.resource === deleted.resource && shown.id !== undefined && deleted.ids.map(String).includes(shown.id)) {
          navigate(`/${deleted.resource}`, { replace: true });
        }
        focusShownTabIfLost();
      }),
    [queryClient, navigate],
  );

  // In full screen the way out is on screen, and takes the focus: the menu that opened it is outside.
  // Escape leaves it too, wherever the focus is (a dialog or a menu open inside closes first: it stops the key).
  useEffect(() => {
    if (!fullscreen) return;
    exitButton.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      void document.exitFullscreen().catch(() => undefined);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullscreen]);

  const closeTabs = useCallback(
    (key: string, action: CloseAction) => {
      const after = close(tabs, key, action);
      const target = afterClose(tabs, after, shownKey(activeKey));
      setTabs(after);
      if (target !== null) navigate(target);
    },
    [tabs, activeKey, navigate],
  );

  const toggleFullscreen = async (key: string) => {
    if (document.fullscreenElement) {
      await document.exitFullscreen().catch(() => undefined);
      return;
    }
    const tab = tabs.find((t) => t.key === key);
    if (tab && key !== shownKey(activeKey)) navigate(tab.to);
    try {
      await panel.current?.requestFullscreen();
    } catch {
      notify('backoffice.tabs.fullscreenFailed', { type: 'warning' });
    }
  };

  const refreshTab = (key: string) => {
    const tab = tabs.find((t) => t.key === key);
    if (tab && key !== shownKey(activeKey)) navigate(tab.to);
    else refresh();
  };

  const openMenuAt = (key: string, anchor: HTMLElement) => setMenu({ key, anchor });

  const onTabKeyDown = (key: string) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Delete') {
      event.preventDefault();
      // The focus moves to the tab shown next before this one goes, not to the page's body.
      const next = afterClose(tabs, close(tabs, key, 'close'), shownKey(activeKey));
      const index = tabs.findIndex((t) => t.to === next);
      if (index !== -1) document.getElementById(tabId(index))?.focus();
      closeTabs(key, 'close');
    } else if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      event.preventDefault();
      openMenuAt(key, event.currentTarget);
    }
  };

  const onTabContextMenu = (key: string) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    setMenu({ key, position: { top: event.clientY, left: event.clientX } });
  };

  const activeIndex = tabs.findIndex((t) => t.key === activeKey);
  // "Left" and "right" are what the user sees: right to left, the tabs before a tab are on its right.
  const rtl = useTheme().direction === 'rtl';
  const toLeft: CloseAction = rtl ? 'closeRight' : 'closeLeft';
  const toRight: CloseAction = rtl ? 'closeLeft' : 'closeRight';
  const can = menu ? available(tabs, menu.key) : null;
  const act = (run: (key: string) => void) => () => {
    if (!menu) return;
    const { key } = menu;
    setMenu(null);
    run(key);
  };

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          minBlockSize: 44,
          mt: 1,
          // Any number of tabs scrolls inside the strip instead of widening the page (react-admin's
          // layout grows to fit its content): the strip adds nothing to the page's intrinsic width.
          inlineSize: 0,
          minInlineSize: '100%',
        }}
      >
        <Tabs
          value={activeIndex === -1 ? false : activeKey}
          onChange={(_, key: string) => {
            const tab = tabs.find((t) => t.key === key);
            if (tab) navigate(tab.to);
          }}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={translate('backoffice.tabs.label')}
          id={TABLIST_ID}
          sx={{ flex: 1, minBlockSize: 44, '& .MuiTab-root': { minBlockSize: 44, textTransform: 'none', py: 0.5 } }}
        >
          {tabs.map((tab, index) => (
            <Tab
              key={tab.key}
              value={tab.key}
              id={tabId(index)}
              aria-controls={PANEL_ID}
              onKeyDown={onTabKeyDown(tab.key)}
              onContextMenu={onTabContextMenu(tab.key)}
              onAuxClick={(event) => {
                // A middle click closes, as in browsers.
                if (event.button === 1) closeTabs(tab.key, 'close');
              }}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, maxInlineSize: '18em' }}>
                  <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    <TabTitle tabKey={tab.key} />
                  </Box>
                  <Box
                    component="span"
                    aria-hidden
                    data-testid="tab-close"
                    title={translate('backoffice.tabs.close')}
                    onMouseDown={(event) => event.stopPropagation()}
                    onClick={(event) => {
                      event.stopPropagation();
                      closeTabs(tab.key, 'close');
                    }}
                    sx={{ display: 'inline-flex', borderRadius: '50%', p: 0.25, '&:hover': { bgcolor: 'action.hover' } }}
                  >
                    <Close sx={{ fontSize: 14 }} />
                  </Box>
                </Box>
              }
            />
          ))}
        </Tabs>
        <Tooltip title={translate('backoffice.tabs.actions')}>
          <span>
            <IconButton
              aria-label={translate('backoffice.tabs.actions')}
              aria-haspopup="menu"
              disabled={activeIndex === -1}
              onClick={(event) => activeKey && openMenuAt(activeKey, event.currentTarget)}
              size="small"
              sx={{ mx: 0.5 }}
            >
              <MoreVert />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Menu
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorEl={menu?.anchor}
        anchorReference={menu?.position ? 'anchorPosition' : 'anchorEl'}
        anchorPosition={menu?.position}
        slotProps={{ list: { 'aria-label': translate('backoffice.tabs.actions') } }}
      >
        <MenuItem onClick={act((key) => closeTabs(key, 'close'))} disabled={!can?.close}>
          <ListItemIcon>
            <Close fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('backoffice.tabs.close')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act((key) => closeTabs(key, 'closeOthers'))} disabled={!can?.closeOthers}>
          <ListItemIcon>
            <CloseFullscreen fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('backoffice.tabs.closeOthers')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act((key) => closeTabs(key, toLeft))} disabled={!can?.[toLeft]}>
          <ListItemIcon>
            <KeyboardDoubleArrowLeft fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('backoffice.tabs.closeLeft')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act((key) => closeTabs(key, toRight))} disabled={!can?.[toRight]}>
          <ListItemIcon>
            <KeyboardDoubleArrowRight fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('backoffice.tabs.closeRight')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act((key) => closeTabs(key, 'closeAll'))} disabled={!can?.closeAll}>
          <ListItemIcon>
            <LayersClear fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('backoffice.tabs.closeAll')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem onClick={act((key) => void toggleFullscreen(key))}>
          <ListItemIcon>{fullscreen ? <FullscreenExit fontSize="small" /> : <Fullscreen fontSize="small" />}</ListItemIcon>
          <ListItemText>{translate(fullscreen ? 'backoffice.tabs.exitFullscreen' : 'backoffice.tabs.fullscreen')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act(refreshTab)}>
          <ListItemIcon>
            <Refresh fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('backoffice.tabs.refresh')}</ListItemText>
        </MenuItem>
      </Menu>
      <Box
        ref={panel}
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={activeIndex === -1 ? undefined : tabId(activeIndex)}
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          '&:fullscreen': { overflow: 'auto', bgcolor: 'background.default', p: 2 },
        }}
      >
        {fullscreen && (
          <Box sx={{ position: 'sticky', insetBlockStart: 0, zIndex: 'appBar', display: 'flex', justifyContent: 'flex-end', pb: 1 }}>
            <Button
              ref={exitButton}
              variant="contained"
              startIcon={<FullscreenExit />}
              onClick={() => void document.exitFullscreen().catch(() => undefined)}
            >
              {translate('backoffice.tabs.exitFullscreen')}
            </Button>
          </Box>
        )}
        {children}
      </Box>
    </>
  );
}
