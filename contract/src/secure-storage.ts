/**
 * SPEC §3: the signed-in user is kept encrypted in client storage (SPEC §9 key `userInfo`), by the
 * storefront and the back office alike. AES-GCM with a per-browser key that is created
 * non-extractable and kept in IndexedDB: the stored text is useless without this browser's key,
 * which no script can read out.
 *
 * Web Crypto exists only on HTTPS and on localhost. Elsewhere (a plain-HTTP address on the local
 * network, a first try on a new host) nothing is stored and reading gives null: the session cookie
 * is what authenticates, so each app asks the API for the user instead.
 */

/** SPEC §9: where the signed-in user is kept. */
export const USER_INFO_KEY = 'userInfo';

/**
 * What signing out (or a session the server no longer knows) removes from localStorage: the user and
 * the token keys of SPEC §9. The storefront's head script reads the same list (Base.astro).
 */
export const SIGN_OUT_KEYS: readonly string[] = [USER_INFO_KEY, 'userToken', 'ACCESS_TOKEN', 'REFRESH_TOKEN', 'SESSION'];

const DB = 'autoroute';
const STORE = 'keys';
const KEY_ID = USER_INFO_KEY;

/** Whether this page can encrypt: Web Crypto and IndexedDB (a secure origin). */
export const canEncrypt = (): boolean =>
  typeof crypto !== 'undefined' && crypto.subtle !== undefined && typeof indexedDB !== 'undefined' && typeof localStorage !== 'undefined';

function idb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function storageKey(): Promise<CryptoKey> {
  const db = await idb();
  const existing = await new Promise<CryptoKey | undefined>((resolve, reject) => {
    const req = db.transaction(STORE).objectStore(STORE).get(KEY_ID);
    req.onsuccess = () => resolve(req.result as CryptoKey | undefined);
    req.onerror = () => reject(req.error);
  });
  if (existing) return existing;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(key, KEY_ID);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Removes a stored value; nothing when storage is refused (a private window's quota, a sandbox). */
export function removeStored(name: string): void {
  try {
    localStorage.removeItem(name);
  } catch {}
}

/** Encrypts and stores a value; where the page cannot encrypt, stores nothing (and drops what was there). */
export async function saveEncrypted(name: string, value: unknown): Promise<void> {
  if (!canEncrypt()) return removeStored(name);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(JSON.stringify(value));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await storageKey(), data));
  localStorage.setItem(name, `${toBase64(iv)}.${toBase64(sealed)}`);
}

/** The stored value, or null: none, not readable with this browser's key (dropped then), or no Web Crypto here. */
export async function loadEncrypted<T>(name: string): Promise<T | null> {
  if (!canEncrypt()) {
    removeStored(name);
    return null;
  }
  const stored = localStorage.getItem(name);
  if (!stored) return null;
  try {
    const [iv = '', sealed = ''] = stored.split('.');
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, await storageKey(), fromBase64(sealed));
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  } catch {
    localStorage.removeItem(name);
    return null;
  }
}

/** Signing out: every key of SIGN_OUT_KEYS removed. */
export function forgetStoredSession(): void {
  for (const key of SIGN_OUT_KEYS) removeStored(key);
}
