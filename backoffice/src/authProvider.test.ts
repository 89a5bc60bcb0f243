import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const httpClient = vi.fn();
vi.mock('./dataProvider.ts', () => ({ API_ROOT: '/api/v1', httpClient }));

const admin = { id: 1, username: 'admin', firstName: 'Ada', lastName: 'Root', permissions: ['admin.user.index'] };
const answer = (data: unknown) => Promise.resolve({ status: 200, headers: new Headers(), body: '', json: { data } });

/** A page load: the module's state afresh. */
const load = async () => {
  vi.resetModules();
  return (await import('./authProvider.ts')).authProvider;
};

// Node has no IndexedDB, as a plain-HTTP page has no Web Crypto: nothing can be stored encrypted.
describe('the back office where the user cannot be stored (plain HTTP away from localhost)', () => {
  const items = new Map<string, string>();
  beforeEach(() => {
    items.clear();
    httpClient.mockReset();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores nothing on sign-in, yet knows the user on this page', async () => {
    const auth = await load();
    httpClient.mockReturnValueOnce(answer(admin));
    await auth.login({ username: 'admin@example.com', password: 'secret' });
    expect(items.size).toBe(0);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.getPermissions?.({})).toEqual(admin.permissions);
    expect(httpClient).toHaveBeenCalledTimes(1);
  });

  it('asks the API for the user on the next page load: the session cookie authenticates', async () => {
    const auth = await load();
    httpClient.mockReturnValueOnce(answer(admin));
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(httpClient).toHaveBeenCalledWith('/api/v1/user/me');
    expect(await auth.getIdentity?.()).toEqual({ id: 1, fullName: 'Ada Root' });
    expect(await auth.canAccess?.({ resource: 'users', action: 'list' })).toBe(true);
    expect(await auth.canAccess?.({ resource: 'roles', action: 'list' })).toBe(false);
    // Once per page load.
    expect(httpClient).toHaveBeenCalledTimes(1);
  });

  it('sends a visitor without a session, or a member, to the sign-in', async () => {
    let auth = await load();
    httpClient.mockReturnValueOnce(Promise.reject(new HttpError('Unauthorized', 401)));
    await expect(auth.checkAuth({})).rejects.toThrow('backoffice.login.noAccess');
    expect(await auth.getPermissions?.({})).toEqual([]);

    auth = await load();
    httpClient.mockReturnValueOnce(answer({ ...admin, permissions: ['user.profile'] }));
    await expect(auth.checkAuth({})).rejects.toThrow('backoffice.login.noAccess');
  });
});
