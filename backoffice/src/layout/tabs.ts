/*
 * The console's screen tabs (SPEC §2 "Tab actions"): one tab per visited screen, kept in the session.
 * Pure functions, so the rules (what is a screen, what each close action keeps) are tested on their own.
 */

export interface ScreenTab {
  /** The screen: its path without the query (a list keeps one tab whatever its filters). */
  key: string;
  /** Where the tab goes back to: the path with its last query (filters, sort, page). */
  to: string;
}

export type CloseAction = 'close' | 'closeAll' | 'closeLeft' | 'closeRight' | 'closeOthers';

export interface Screen {
  kind: 'home' | 'list' | 'create' | 'edit' | 'show';
  resource?: string;
  id?: string;
}

/** Routes that are no screen of their own: they never get a tab. */
const NOT_SCREENS = new Set(['/login', '/access-denied', '/authentication-error']);

/** The tab key of a path, or null for routes that are not screens. */
export function tabKey(pathname: string): string | null {
  const path = `/${pathname.split('/').filter(Boolean).join('/')}`;
  if (NOT_SCREENS.has(path)) return null;
  return path;
}

/** What screen a tab key is, to title it. */
export function screenOf(key: string): Screen {
  const [resource, second, third] = key.split('/').filter(Boolean).map(decodeURIComponent);
  if (!resource) return { kind: 'home' };
  if (second === undefined) return { kind: 'list', resource };
  if (second === 'create') return { kind: 'create', resource };
  if (third === 'show') return { kind: 'show', resource, id: second };
  return { kind: 'edit', resource, id: second };
}

/** The tabs once a screen is visited: a new one at the end, or the existing one remembering the query. */
export function visit(tabs: readonly ScreenTab[], key: string, to: string): ScreenTab[] {
  const index = tabs.findIndex((t) => t.key === key);
  if (index === -1) return [...tabs, { key, to }];
  if (tabs[index]!.to === to) return tabs as ScreenTab[];
  return tabs.map((t, i) => (i === index ? { key, to } : t));
}

/** The tabs left after a close action on the tab `key`. */
export function close(tabs: readonly ScreenTab[], key: string, action: CloseAction): ScreenTab[] {
  const index = tabs.findIndex((t) => t.key === key);
  if (index === -1) return action === 'closeAll' ? [] : [...tabs];
  switch (action) {
    case 'close':
      return tabs.filter((_, i) => i !== index);
    case 'closeAll':
      return [];
    case 'closeLeft':
      return tabs.slice(index);
    case 'closeRight':
      return tabs.slice(0, index + 1);
    case 'closeOthers':
      return [tabs[index]!];
  }
}

/**
 * Where to go when the shown tab is closed: the tab that took its place (the one on its right, else on
 * its left), or home when none is left. Null when the shown tab stays open.
 */
export function afterClose(before: readonly ScreenTab[], after: readonly ScreenTab[], activeKey: string | null): string | null {
  if (activeKey === null || after.some((t) => t.key === activeKey)) return null;
  const index = before.findIndex((t) => t.key === activeKey);
  const right = before.slice(index + 1).find((t) => after.some((a) => a.key === t.key));
  const left = [...before.slice(0, Math.max(index, 0))].reverse().find((t) => after.some((a) => a.key === t.key));
  return (right ?? left)?.to ?? '/';
}

/** The tabs left once these records are deleted: their edit and show screens go, their list stays. */
export function withoutRecords(tabs: readonly ScreenTab[], resource: string, ids: readonly (string | number)[]): ScreenTab[] {
  const gone = new Set(ids.map(String));
  return tabs.filter((t) => {
    const screen = screenOf(t.key);
    return !(screen.resource === resource && screen.id !== undefined && gone.has(screen.id));
  });
}

/** Which close actions make sense on a tab (the menu disables the others). */
export function available(tabs: readonly ScreenTab[], key: string): Record<CloseAction, boolean> {
  const index = tabs.findIndex((t) => t.key === key);
  return {
    close: index !== -1,
    closeAll: tabs.length > 0,
    closeLeft: index > 0,
    closeRight: index !== -1 && index < tabs.length - 1,
    closeOthers: index !== -1 && tabs.length > 1,
  };
}

const STORAGE_KEY = 'backoffice.tabs';

/** The session's tabs (sessionStorage: a new browser tab starts afresh, a reload keeps them). */
export function loadTabs(storage: Pick<Storage, 'getItem'> | undefined): ScreenTab[] {
  try {
    const parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (t): t is ScreenTab => typeof t?.key === 'string' && typeof t?.to === 'string' && tabKey(t.key) === t.key && t.to.startsWith(t.key),
    );
  } catch {
    return [];
  }
}

export function saveTabs(storage: Pick<Storage, 'setItem'> | undefined, tabs: readonly ScreenTab[]) {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(tabs));
  } catch {
    // Storage full or refused: tabs simply do not survive a reload.
  }
}
