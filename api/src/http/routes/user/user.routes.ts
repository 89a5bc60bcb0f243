import { UserConfig as ContractUserConfig } from '@autoroute/contract/site';

import { createRoute, z } from '@hono/zod-openapi';
import { authorizeUserAction, type UserAction } from '../../../domain/admin/access.service.ts';
import { sendLinkCode } from '../../../domain/auth/auth.service.ts';
import type { Principal } from '../../../domain/auth/principal.data.ts';
import { userConfig } from '../../../domain/user/config.service.ts';
import * as users from '../../../domain/user/user.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent, named } from '../../openapi.ts';
import { requestInfo } from '../../request.ts';
import { createRouter } from '../../router.ts';
import { ProcessIdHeader } from '../auth/auth.schemas.ts';
import { billingUserRoutes } from '../billing/billing.routes.ts';
import {
  DeleteAccountBody,
  LinkCodeBody,
  LinkCodeSent,
  NotifiableBody,
  NotificationSettings,
  NotificationSettingsInput,
  ProviderBody,
  UserSchema,
  UserUpdate,
} from './user.schemas.ts';

/** GET /user/config's answer (@autoroute/contract/site), named in the API document. */
const UserConfig = named(ContractUserConfig, 'UserConfig');

const config = createRoute({
  method: 'get',
  path: '/config',
  tags: ['User'],
  summary: 'Reference lists, limits and the maintenance message, in the request language',
  responses: { 200: { description: 'Configuration', ...jsonContent(z.object({ data: UserConfig })) } },
});

const guarded = {
  401: failure('Not signed in'),
  403: failure('FORBIDDEN: not this user, and no admin.user permission; ACCOUNT_OUTRANKS: the user holds a right the caller lacks'),
  404: failure('USER_NOT_FOUND'),
  422: failure('Invalid input'),
};
const UserData = z.object({ data: UserSchema });
const tags = ['User'];
const auth = requireUser();

export const me = createRoute({
  method: 'get',
  path: '/me',
  tags,
  summary: 'The signed-in user',
  middleware: auth,
  responses: { 200: { description: 'The user', ...jsonContent(UserData) }, 401: failure('Not signed in') },
});
export const getUser = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'A user (themself, or admin.user.index)',
  middleware: auth,
  request: { params: IdParam },
  responses: { 200: { description: 'The user', ...jsonContent(UserData) }, ...guarded },
});
export const changeUser = (method: 'put' | 'patch') =>
  createRoute({
    method,
    path: '/{id}',
    tags,
    middleware: auth,
    request: { params: IdParam, body: { ...jsonContent(UserUpdate), required: true } },
    summary: 'Change profile, account, appearance, display or password (email and password need currentPassword)',
    responses: {
      200: { description: 'The updated user', ...jsonContent(UserData) },
      409: failure('USERNAME_TAKEN or EMAIL_TAKEN'),
      ...guarded,
    },
  });
const deleteUserRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  middleware: auth,
  summary: 'Delete the account with its listings (themself with their password, or admin.user.delete)',
  request: { params: IdParam, body: { ...jsonContent(DeleteAccountBody), required: false } },
  responses: {
    200: { description: 'Deleted', ...jsonContent(z.object({ data: z.object({ ok: z.literal(true) }) })) },
    409: failure('LAST_SUPADMIN or CANNOT_DELETE_SELF: a lock-out refused'),
    ...guarded,
  },
});
export const linkCodeRoute = createRoute({
  method: 'post',
  path: '/{id}/provider/code',
  tags,
  middleware: auth,
  summary: 'Send a link_provider code over the provider, to the address to link (check it with /auth/verify-otp)',
  request: { params: IdParam, body: { ...jsonContent(LinkCodeBody), required: true } },
  responses: {
    200: { description: 'Sent', ...jsonContent(z.object({ data: LinkCodeSent })) },
    ...guarded,
    404: failure('USER_NOT_FOUND or PROVIDER_NOT_FOUND'),
    429: failure('TOO_MANY_REQUESTS'),
    502: failure('PROVIDER_UNAVAILABLE'),
  },
});
export const linkRoute = createRoute({
  method: 'post',
  path: '/{id}/provider',
  tags,
  middleware: auth,
  summary: 'Link a notification provider (X-Process-Id from a link_provider code)',
  request: { params: IdParam, headers: ProcessIdHeader, body: { ...jsonContent(ProviderBody), required: true } },
  responses: { 200: { description: 'Linked', ...jsonContent(UserData) }, 400: failure('PROCESS_INVALID'), ...guarded },
});
export const unlinkRoute = createRoute({
  method: 'delete',
  path: '/{id}/provider',
  tags,
  middleware: auth,
  summary: 'Unlink a notification provider',
  request: { params: IdParam, body: { ...jsonContent(ProviderBody), required: true } },
  responses: { 200: { description: 'Unlinked', ...jsonContent(UserData) }, ...guarded },
});
export const notifiableRoute = createRoute({
  method: 'put',
  path: '/{id}/is-notifiable',
  tags,
  middleware: auth,
  summary: 'Turn notifications through a linked provider on or off',
  request: { params: IdParam, body: { ...jsonContent(NotifiableBody), required: true } },
  responses: { 200: { description: 'Saved', ...jsonContent(UserData) }, 409: failure('PROVIDER_NOT_LINKED'), ...guarded },
});
const getSettings = createRoute({
  method: 'get',
  path: '/{id}/notification-settings',
  tags,
  middleware: auth,
  summary: 'Notification preferences (SPEC §3)',
  request: { params: IdParam },
  responses: { 200: { description: 'Preferences', ...jsonContent(z.object({ data: NotificationSettings })) }, ...guarded },
});
export const putSettings = createRoute({
  method: 'put',
  path: '/{id}/notification-settings',
  tags,
  middleware: auth,
  summary: 'Save notification preferences',
  request: { params: IdParam, body: { ...jsonContent(NotificationSettingsInput), required: true } },
  responses: { 200: { description: 'Saved', ...jsonContent(z.object({ data: NotificationSettings })) }, ...guarded },
});

export function userRoutes(deps: Deps) {
  // Every /user/{id} route asks the one rule on users (access.service.ts): themself, or an administrator with the right who outranks them.
  const caller = (c: { get: (k: 'principal') => Principal | null }, id: number, action: UserAction) =>
    authorizeUserAction(deps.db, c.get('principal'), id, action);
  const update = async (c: { get: (k: 'principal') => Principal | null }, id: number, body: z.infer<typeof UserUpdate>) =>
    users.updateUser(deps.db, await caller(c, id, 'update'), id, body);
  return (
    createRouter()
      // The member's subscription, checkout and payments (billing.routes.ts).
      .route('/', billingUserRoutes(deps))
      .openapi(config, async (c) => {
        c.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
        return c.json({ data: await userConfig(deps.db, c.get('locale')) }, 200);
      })
      .openapi(me, async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.json({ data: await users.userPayload(deps.db, c.get('principal')!.userId) }, 200);
      })
      .openapi(getUser, async (c) => {
        const { id } = c.req.valid('param');
        await caller(c, id, 'index');
        return c.json({ data: await users.userPayload(deps.db, id) }, 200);
      })
      .openapi(changeUser('put'), async (c) => c.json({ data: await update(c, c.req.valid('param').id, c.req.valid('json')) }, 200))
      .openapi(changeUser('patch'), async (c) => c.json({ data: await update(c, c.req.valid('param').id, c.req.valid('json')) }, 200))
      .openapi(deleteUserRoute, async (c) => {
        const { id } = c.req.valid('param');
        await users.deleteUser(deps.db, await caller(c, id, 'delete'), id, c.req.valid('json')?.password);
        return c.json({ data: { ok: true as const } }, 200);
      })
      .openapi(linkCodeRoute, async (c) => {
        const { id } = c.req.valid('param');
        await caller(c, id, 'update');
        const req = { ...requestInfo(c, deps.config.trustProxy), t: c.get('t') };
        return c.json({ data: await sendLinkCode(deps, id, c.req.valid('json'), req) }, 200);
      })
      .openapi(linkRoute, async (c) => {
        const { id } = c.req.valid('param');
        const principal = await caller(c, id, 'update');
        return c.json(
          { data: await users.linkProvider(deps.db, principal, id, c.req.valid('json').providerId, c.req.valid('header')['x-process-id']) },
          200,
        );
      })
      .openapi(unlinkRoute, async (c) => {
        const { id } = c.req.valid('param');
        const principal = await caller(c, id, 'update');
        return c.json({ data: await users.unlinkProvider(deps.db, principal, id, c.req.valid('json').providerId) }, 200);
      })
      .openapi(notifiableRoute, async (c) => {
        const { id } = c.req.valid('param');
        const principal = await caller(c, id, 'update');
        const body = c.req.valid('json');
        return c.json({ data: await users.setNotifiable(deps.db, principal, id, body.providerId, body.isNotifiable) }, 200);
      })
      .openapi(getSettings, async (c) => {
        const { id } = c.req.valid('param');
        await caller(c, id, 'index');
        return c.json({ data: await users.notificationSettings(deps.db, id) }, 200);
      })
      .openapi(putSettings, async (c) => {
        const { id } = c.req.valid('param');
        const principal = await caller(c, id, 'update');
        return c.json({ data: await users.saveNotificationSettings(deps.db, principal, id, c.req.valid('json')) }, 200);
      })
  );
}
