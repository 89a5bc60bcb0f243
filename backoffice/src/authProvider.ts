import type { AuthProvider } from 'react-admin';
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
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as StoredUser | null;
  } catch {
    return null;
  }
};

const hasAdminRight = (user: StoredUser | null) => Boolean(user?.permissions.some((p) => p.startsWith('admin.')));

/** Signs in through the same API as the storefront; only users with an admin permission may enter (SPEC §6). */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const { json } = await httpClient(`${API_ROOT}/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: username, password }),
    }).catch(() => {
      throw new Error('backoffice.login.failed');
    });
    const user = json?.data as StoredUser | undefined;
    if (!hasAdminRight(user ?? null)) throw new Error('backoffice.login.noAccess');
    localStorage.setItem(KEY, JSON.stringify(user));
  },
  async logout() {
    localStorage.removeItem(KEY);
    await httpClient(`${API_ROOT}/auth/logout`, { method: 'POST' }).catch(() => undefined);
  },
  async checkAuth() {
    if (!hasAdminRight(readUser())) throw new Error('backoffice.login.noAccess');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      localStorage.removeItem(KEY);
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
    return Boolean(readUser()?.permissions.includes(`admin.${resource}.${action}`));
  },
};
