/**
 * SPEC §3: the signed-in user is kept encrypted in client storage (key `userInfo`). AES-GCM with a
 * per-browser key that is created non-extractable and kept in IndexedDB: the stored text is
 * useless without this browser's key, which no script can read out.
 */
const DB = 'autoroute';
const STORE = 'keys';
const KEY_ID = 'userInfo';

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

export async function saveEncrypted(name: string, value: unknown): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(JSON.stringify(value));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await storageKey(), data));
  localStorage.setItem(name, `${toBase64(iv)}.${toBase64(sealed)}`);
}

export async function loadEncrypted<T>(name: string): Promise<T | null> {
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
