import { seedDemoCatalogue, seedReference } from '@autoroute/db/seed';
import { createTestDatabase, type TestDatabase } from '@autoroute/db/testing';
import type { RouteConfig, z } from '@hono/zod-openapi';
import pino, { type Logger } from 'pino';
import { createApp } from './app.ts';
import { loadConfig } from './core/config.ts';
import { createDeps } from './deps.ts';
import type { Deps } from './http/context.ts';
import { sign } from './http/middleware/signature.ts';
import type { ErrorEnvelope } from './http/openapi.ts';
import type { SignedIn, signupRoute, verifyOtpRoute } from './http/routes/auth/auth.routes.ts';
import { latestCode } from './testing-outbox.ts';

/** The envelope of every error answer (`failure(…)` in the route declarations). */
export type ApiError = z.infer<typeof ErrorEnvelope>;
/** An answer of one `data` value. */
export interface Data<T> {
  data: T;
}

/** The JSON answer a route declares for a status: `RouteJson<typeof listRoute, 200>`. */
export type RouteJson<R extends RouteConfig, Status extends keyof R['responses']> = R['responses'][Status] extends {
  content: { 'application/json': { schema: infer S extends z.ZodType } };
}
  ? z.infer<S>
  : never;

/**
 * A response body as the API declares it: a type of `./types.ts` or the `z.infer` of a route's zod
 * schema, e.g. `readJson<Data<VehicleDetail>>(res)`, `readJson<RouteJson<typeof listRoute, 200>>(res)` or
 * `readJson<ApiError>(res)`. A type only: the body
 * is not parsed, so a test still asserts on exactly what the API sent.
 */
export const readJson = <T>(res: Response): Promise<T> => res.json() as Promise<T>;

export interface TestMember {
  id: number;
  email: string;
  password: string;
  /** Bearer authorization for API calls as this member. */
  headers: { authorization: string };
  security: { accessToken: string; refreshToken: string; sessionID: string; expiresAt: string };
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  deps: Deps;
  /** A signed request, as a browser of ours would send it. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /**
   * A member who signed up and verified their address through the API, which signs them in
   * (SPEC §4). Each comes from an address of their own (trusted only with TRUST_PROXY=true).
   */
  member(name: string): Promise<TestMember>;
  /**
   * Gives a member a role of their own holding exactly these permissions (names of SPEC §6) and,
   * with `role`, one of the seeded roles too. Permissions are read on every request: no new sign-in.
   */
  grant(userId: number, permissions: string[], role?: 'ADMIN' | 'SUPADMIN'): Promise<void>;
  /**
   * An active subscription to the cart named `plan`, from now for its months, as a paid checkout
   * leaves it (a fixture, like `grant`: the checkout itself is tested through the API).
   */
  subscribe(userId: number, plan: string): Promise<void>;
  /** A picture row as the upload endpoint leaves it: the owner's, not yet on a listing (no file behind it). */
  picture(ownerId: number): Promise<number>;
  destroy(): Promise<void>;
}

/** The real app over a fresh migrated database, seeded with reference data and `vehicles` demo listings. */
export async function createTestApp(
  options: {
    vehicles?: number;
    env?: Record<string, string>;
    /** Stripe's API elsewhere: a local fake started by the test (with STRIPE_SECRET_KEY in `env`). */
    stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
    /** Twilio's API elsewhere: the origin of a local fake started by the test (with TWILIO_* in `env`). */
    twilioApi?: string;
    /** Where the app logs (tests that read the log lines); silent otherwise. */
    log?: Logger;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedReference(database.db);
  // No floor under the code steps' answers (CODE_ANSWER_MS) unless a test asks: they would only wait.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dir, LOG_LEVEL: 'silent', CODE_ANSWER_MS: '0', ...options.env });
  if (options.stripeApi) config.stripe.api = options.stripeApi;
  if (options.twilioApi && config.twilio) config.twilio.api = options.twilioApi;
  const deps = createDeps(config, database, options.log ?? pino({ level: 'silent' }));
  // The demo pictures go to the app's own store, as at a first start (the media folder, or S3 with MEDIA_S3_BUCKET in `env`).
  if (options.vehicles) await seedDemoCatalogue(database.db, { vehicles: options.vehicles, media: deps.media });
  const app = createApp(deps);
  let visitors = 0;
  let pictures = 0;
  let roles = 0;
  const testApp: TestApp = {
    app,
    database,
    async member(name) {
      const from = { 'x-forwarded-for': `198.51.100.${++visitors % 250}` };
      const user = {
        email: `${name}@example.test`,
        password: 'a long enough passphrase',
        username: name,
        firstName: 'Test',
        lastName: 'Member',
        phone: '+33612345678',
      };
      const { data } = await readJson<RouteJson<typeof signupRoute, 200>>(
        await testApp.request('/api/v1/auth/signup', { method: 'POST', json: user, headers: from }),
      );
      const verified = await readJson<RouteJson<typeof verifyOtpRoute, 200>>(
        await testApp.request('/api/v1/auth/verify-otp', {
          method: 'POST',
          json: { email: user.email, otp: latestCode(database.dir, user.email), sessionId: data.sessionId },
          headers: from,
        }),
      );
      // Signed in, or a refusal without `security` (told below).
      const signed = await readJson<Partial<z.infer<typeof SignedIn>>>(
        await testApp.request('/api/v1/auth/verify-email', {
          method: 'POST',
          json: { email: user.email },
          headers: { ...from, 'x-process-id': verified.data.processId },
        }),
      );
      if (!signed.security) throw new Error(`could not sign ${name} up: ${JSON.stringify(signed)}`);
      return {
        id: signed.data!.id as number,
        email: user.email,
        password: user.password,
        headers: { authorization: `Bearer ${signed.security.accessToken}` },
        security: signed.security,
      };
    },
    async request(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      const body = json === undefined ? (rest.body as string | undefined) : JSON.stringify(json);
      if (json !== undefined) headers.set('content-type', 'application/json');
      const timestamp = String(Date.now());
      headers.set('x-timestamp', timestamp);
      headers.set('x-signature', sign(config.signingKey, body || timestamp));
      return app.request(path, { ...rest, headers, ...(body === undefined ? {} : { body }) });
    },
    async grant(userId, permissions, role) {
      const db = database.db;
      const roleIds: number[] = [];
      if (permissions.length) {
        const own = await db
          .insertInto('roles')
          .values({ name: `test-role-${userId}-${++roles}`, description: 'A role made by a test' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const ids = await db.selectFrom('permissions').select('id').where('name', 'in', permissions).execute();
        if (ids.length !== permissions.length) throw new Error(`unknown permission among ${permissions.join(', ')}`);
        await db
          .insertInto('role_permissions')
          .values(ids.map((p) => ({ role_id: own.id, permission_id: p.id })))
          .execute();
        roleIds.push(own.id);
      }
      if (role) roleIds.push((await db.selectFrom('roles').select('id').where('name', '=', role).executeTakeFirstOrThrow()).id);
      if (roleIds.length)
        await db
          .insertInto('user_roles')
          .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
          .execute();
    },
    async subscribe(userId, plan) {
      const db = database.db;
      const cart = await db.selectFrom('carts').select(['id', 'months']).where('name', '=', plan).executeTakeFirstOrThrow();
      const now = new Date();
      const expires = new Date(now);
      expires.setUTCMonth(expires.getUTCMonth() + cart.months);
      await db
        .insertInto('subscriptions')
        .values({ user_id: userId, cart_id: cart.id, status: 'active', started_at: now.toISOString(), expires_at: expires.toISOString() })
        .execute();
    },
    async picture(ownerId) {
      pictures += 1;
      const row = await database.db
        .insertInto('pictures')
        .values({
          owner_id: ownerId,
          storage_key: `test/${pictures}.jpg`,
          mime: 'image/jpeg',
          width: 1200,
          height: 800,
          bytes: 120000,
          renditions: '[]',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    deps,
    async destroy() {
      await deps.jobs.stop();
      await deps.limiters.close();
      await database.destroy();
    },
  };
  return testApp;
}

// The outbox reader, shared with the end-to-end tests.
export { latestCode, type Mail, outboxMails } from './testing-outbox.ts';
