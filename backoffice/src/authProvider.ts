import { canEncrypt, forgetStoredSession, loadEncrypted, saveEncrypted, USER_INFO_KEY } from '@autoroute/contract/secure-storage';
import type { User } from '@autoroute/contract/user';
import { type AuthProvider, HttpError } from 'react-admin';
import { canDo, isAdmin } from './access.ts';
import { API_ROOT, httpClient } from './dataProvider.ts';

const withPermissions = (user: Partial<User> | null | undefined): User | null =>
  user && Array.isArray(user.permissions) ? (user as User) : null;

/** The user of this page load (kept encrypted between page loads, SPEC §3): resolved once, then read from here. */
let session: Promise<User | null> | null = null;

/**
 * Once per page load, the stored permissions are replaced by the server's, so a role changed since
 * the sign-in takes effect on the next visit. A 401 ends the session; a network failure keeps what
 * is stored. Where the page cannot encrypt (plain HTTP away from localhost) nothing is stored: the
 * session cookie still authenticates, so the user is asked of the API.
 */
async function loadSession(): Promise<User | null> {
  const stored = withPermissions(await loadEncrypted<User>(USER_INFO_KEY));
  if (!stored && canEncrypt()) return null;
  try {
    const { json } = await httpClient(`${API_ROOT}/user/me`);
    const fresh = json?.data as Partial<User> | undefined;
    if (!fresh || !Array.isArray(fresh.permissions)) return stored;
    const user = withPermissions({ ...stored, ...fresh, permissions: fresh.permissions });
    await saveEncrypted(USER_INFO_KEY, user);
    return user;
  } catch (error: unknown) {
    if (!(error instanceof HttpError && error.status === 401)) return stored;
    forgetStoredSession();
    return null;
  }
}

const currentUser = (): Promise<User | null> => {
  session ??= loadSession();
  return session;
};

const forget = () => {
  forgetStoredSession();
  session = null;
};

/** Signs in through the same API as the storefront; only users with an admin permission may enter (SPEC §6). */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const { json } = await httpClient(`${API_ROOT}/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: username, password }),
    }).catch((error: unknown) => {
      // The API's own message when it has one (wrong password, suspended account), in the chosen language.
      throw new Error(error instanceof HttpError && error.body?.error ? error.message : 'backoffice.login.failed');
    });
    const user = json?.data as User | undefined;
    if (!user || !Array.isArray(user.permissions) || !isAdmin(user.permissions)) throw new Error('backoffice.login.noAccess');
    // A store that fails (storage refused) leaves the page to ask the API on the next load, as without Web Crypto.
    await saveEncrypted(USER_INFO_KEY, user).catch(() => undefined);
    // The answer is as fresh as it gets: no need to ask again on this page load.
    session = Promise.resolve(user);
  },
  async logout() {
    forget();
    await httpClient(`${API_ROOT}/auth/logout`, { method: 'POST' }).catch(() => undefined);
  },
  async checkAuth() {
    const user = await currentUser();
    if (!user || !isAdmin(user.permissions)) throw new Error('backoffice.login.noAccess');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forget();
      throw new Error('ra.auth.auth_check_error');
    }
  },
  async getIdentity() {
    const user = await currentUser();
    if (!user) throw new Error('ra.auth.auth_check_error');
    return { id: user.id, fullName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username };
  },
  async getPermissions() {
    return (await currentUser())?.permissions ?? [];
  },
  async canAccess({ resource, action }: { resource: string; action: string }) {
    return canDo((await currentUser())?.permissions ?? [], resource, action);
  },
};
