import { type AuthProvider, HttpError } from 'react-admin';
import { canDo, isAdmin } from './access.ts';
import { API_ROOT, httpClient } from './dataProvider.ts';

interface StoredUser {
  id: number;
  username: string;
  firstName?: string;
  lastName?: string;
  permissions: string[];
}

const KEY = 'userInfo';

const readUser = (): StoredUser | null => {
  try {
    const user = JSON.parse(localStorage.getItem(KEY) ?? 'null') as StoredUser | null;
    return user && Array.isArray(user.permissions) ? user : null;
  } catch {
    return null;
  }
};

const storeUser = (user: StoredUser) => localStorage.setItem(KEY, JSON.stringify(user));
const forget = () => localStorage.removeItem(KEY);

let refreshed: Promise<void> | null = null;

/**
 * Once per page load, the stored permissions are replaced by the server's, so a role changed since
 * the sign-in takes effect on the next visit. A 401 ends the session; a network failure keeps what is stored.
 */
function refreshPermissions(user: StoredUser): Promise<void> {
  refreshed ??= httpClient(`${API_ROOT}/user/${user.id}`)
    .then(({ json }) => {
      const fresh = json?.data as Partial<StoredUser> | undefined;
      if (fresh && Array.isArray(fresh.permissions)) storeUser({ ...user, ...fresh, permissions: fresh.permissions });
    })
    .catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 401) forget();
    });
  return refreshed;
}

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
    const user = json?.data as StoredUser | undefined;
    if (!user || !Array.isArray(user.permissions) || !isAdmin(user.permissions)) throw new Error('backoffice.login.noAccess');
    storeUser(user);
    // The answer is as fresh as it gets: no need to ask again on this page load.
    refreshed = Promise.resolve();
  },
  async logout() {
    forget();
    refreshed = null;
    await httpClient(`${API_ROOT}/auth/logout`, { method: 'POST' }).catch(() => undefined);
  },
  async checkAuth() {
    const stored = readUser();
    if (stored) await refreshPermissions(stored);
    const user = readUser();
    if (!user || !isAdmin(user.permissions)) throw new Error('backoffice.login.noAccess');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forget();
      refreshed = null;
      throw new Error('ra.auth.auth_check_error');
    }
  },
  async getIdentity() {
    const user = readUser();
    if (!user) throw new Error('ra.auth.auth_check_error');
    return { id: user.id, fullName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username };
  },
  async getPermissions() {
    return readUser()?.permissions ?? [];
  },
  async canAccess({ resource, action }: { resource: string; action: string }) {
    return canDo(readUser()?.permissions ?? [], resource, action);
  },
};
