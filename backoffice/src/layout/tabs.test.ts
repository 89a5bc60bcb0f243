import { describe, expect, it } from 'vitest';
import { accessOf } from './ScreenGuard.tsx';
import { afterClose, available, close, loadTabs, type ScreenTab, saveTabs, screenOf, tabKey, visit, withoutRecords } from './tabs.ts';

const tabs = (...keys: string[]): ScreenTab[] => keys.map((key) => ({ key, to: key }));
const keys = (list: ScreenTab[]) => list.map((t) => t.key);

describe('screen tabs (SPEC §2 tab actions)', () => {
  it('makes one tab per screen, whatever its filters, and none for the sign-in or refusal routes', () => {
    expect(tabKey('/colors')).toBe('/colors');
    expect(tabKey('/colors/')).toBe('/colors');
    expect(tabKey('/')).toBe('/');
    expect(tabKey('/access-denied')).toBeNull();
    expect(tabKey('/login')).toBeNull();
    expect(screenOf('/')).toEqual({ kind: 'home' });
    expect(screenOf('/colors')).toEqual({ kind: 'list', resource: 'colors' });
    expect(screenOf('/colors/create')).toEqual({ kind: 'create', resource: 'colors' });
    expect(screenOf('/colors/12')).toEqual({ kind: 'edit', resource: 'colors', id: '12' });
  });

  it('opens a new screen at the end, and remembers the last query of one already open', () => {
    let open = visit([], '/', '/');
    open = visit(open, '/colors', '/colors');
    open = visit(open, '/cities', '/cities');
    expect(keys(open)).toEqual(['/', '/colors', '/cities']);
    open = visit(open, '/colors', '/colors?filter=%7B%22q%22%3A%22blue%22%7D');
    expect(keys(open)).toEqual(['/', '/colors', '/cities']);
    expect(open[1]!.to).toBe('/colors?filter=%7B%22q%22%3A%22blue%22%7D');
  });

  it('closes one, all, those on the left, on the right, or all the others', () => {
    const open = tabs('/', '/a', '/b', '/c', '/d');
    expect(keys(close(open, '/b', 'close'))).toEqual(['/', '/a', '/c', '/d']);
    expect(keys(close(open, '/b', 'closeAll'))).toEqual([]);
    expect(keys(close(open, '/b', 'closeLeft'))).toEqual(['/b', '/c', '/d']);
    expect(keys(close(open, '/b', 'closeRight'))).toEqual(['/', '/a', '/b']);
    expect(keys(close(open, '/b', 'closeOthers'))).toEqual(['/b']);
  });

  it('shows the neighbour when the shown tab closes (right first), home when none is left, and stays otherwise', () => {
    const open = tabs('/', '/a', '/b', '/c');
    expect(afterClose(open, close(open, '/b', 'close'), '/b')).toBe('/c');
    expect(afterClose(open, close(open, '/c', 'close'), '/c')).toBe('/b');
    expect(afterClose(open, close(open, '/a', 'closeRight'), '/c')).toBe('/a');
    expect(afterClose(open, close(open, '/a', 'closeAll'), '/a')).toBe('/');
    expect(afterClose(open, close(open, '/b', 'close'), '/a')).toBeNull();
  });

  it('offers only the close actions that would close something', () => {
    const open = tabs('/', '/a', '/b');
    expect(available(open, '/')).toEqual({ close: true, closeAll: true, closeLeft: false, closeRight: true, closeOthers: true });
    expect(available(open, '/b')).toMatchObject({ closeLeft: true, closeRight: false });
    expect(available(tabs('/'), '/')).toMatchObject({ closeOthers: false, closeLeft: false, closeRight: false });
  });

  it('keeps the tabs in the session storage, ignoring anything malformed', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    saveTabs(storage, tabs('/', '/colors'));
    expect(keys(loadTabs(storage))).toEqual(['/', '/colors']);
    store.set(
      'backoffice.tabs',
      JSON.stringify([{ key: '/colors', to: '/colors' }, { key: 'javascript:alert(1)', to: 'x' }, { key: '/a', to: '//evil' }, 3]),
    );
    expect(keys(loadTabs(storage))).toEqual(['/colors']);
    store.set('backoffice.tabs', '{not json');
    expect(loadTabs(storage)).toEqual([]);
  });

  it('closes the edit and show tabs of deleted records, and nothing else', () => {
    const open = tabs('/', '/colors', '/colors/12', '/colors/13/show', '/colors/14', '/cities/12', '/colors/create');
    expect(keys(withoutRecords(open, 'colors', [12, '13']))).toEqual(['/', '/colors', '/colors/14', '/cities/12', '/colors/create']);
    expect(withoutRecords(open, 'colors', [])).toEqual(open);
  });

  it('knows the permission a path asks for before its screen mounts', () => {
    expect(accessOf('/countries')).toEqual({ resource: 'countries', action: 'list' });
    expect(accessOf('/countries/create')).toEqual({ resource: 'countries', action: 'create' });
    expect(accessOf('/users/7')).toEqual({ resource: 'users', action: 'edit' });
    expect(accessOf('/support-requests/7/show')).toEqual({ resource: 'support-requests', action: 'show' });
    expect(accessOf('/')).toBeNull();
    expect(accessOf('/access-denied')).toBeNull();
  });
});
