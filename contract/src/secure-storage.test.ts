import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetStoredSession, loadEncrypted, SIGN_OUT_KEYS, saveEncrypted, USER_INFO_KEY } from './secure-storage.ts';

/** localStorage as a Map. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** Just enough IndexedDB for one object store of keys: requests that succeed on the next tick. */
function memoryIndexedDb(): IDBFactory {
  const rows = new Map<IDBValidKey, unknown>();
  const request = (result: unknown) => {
    const req = { result, onsuccess: null as (() => void) | null, onerror: null, error: null };
    queueMicrotask(() => req.onsuccess?.());
    return req;
  };
  const db = {
    createObjectStore: () => undefined,
    transaction: () => {
      const tx = {
        oncomplete: null as (() => void) | null,
        onerror: null,
        objectStore: () => ({
          get: (id: IDBValidKey) => request(rows.get(id)),
          put: (value: unknown, id: IDBValidKey) => {
            rows.set(id, value);
            queueMicrotask(() => tx.oncomplete?.());
          },
        }),
      };
      return tx;
    },
  };
  return { open: () => request(db) } as unknown as IDBFactory;
}

const user = { id: 7, username: 'claire', permissions: ['admin.user.index'] };

describe('the signed-in user in client storage (SPEC §3)', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  describe('where the page can encrypt', () => {
    beforeEach(() => vi.stubGlobal('indexedDB', memoryIndexedDb()));

    it('is stored encrypted and read back', async () => {
      await saveEncrypted(USER_INFO_KEY, user);
      const stored = localStorage.getItem(USER_INFO_KEY) ?? '';
      expect(stored).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
      expect(stored).not.toContain('claire');
      expect(await loadEncrypted(USER_INFO_KEY)).toEqual(user);
    });

    it('drops what this browser cannot read (plain text, another key)', async () => {
      localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
      expect(await loadEncrypted(USER_INFO_KEY)).toBeNull();
      expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
    });
  });

  it('is not stored at all without Web Crypto (plain HTTP away from localhost): nothing is read either', async () => {
    // No IndexedDB here (Node), and no crypto.subtle: what a plain-HTTP page has.
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
    await saveEncrypted(USER_INFO_KEY, user);
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
    expect(await loadEncrypted(USER_INFO_KEY)).toBeNull();
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
  });

  it('signing out removes the user and every token key, and nothing else', () => {
    for (const key of [...SIGN_OUT_KEYS, 'ui-theme']) localStorage.setItem(key, 'x');
    forgetStoredSession();
    expect(SIGN_OUT_KEYS).toContain(USER_INFO_KEY);
    expect(SIGN_OUT_KEYS.map((key) => localStorage.getItem(key))).toEqual(SIGN_OUT_KEYS.map(() => null));
    expect(localStorage.getItem('ui-theme')).toBe('x');
  });
});
