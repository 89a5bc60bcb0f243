import type { ListResponse, VehicleSummary } from '@autoroute/contract/vehicles';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, readJson, type TestApp, type TestMember } from '../testing.ts';

/*
 * The document served at /api/v1/openapi.json, checked three ways: a strict OpenAPI 3.1 validator,
 * a linter's recommended rules, and the live answers of the real app against the schema the
 * document declares for their path, method and status, so code and document cannot drift apart.
 */

type Doc = { paths: Record<string, Record<string, any>>; components: Record<string, any>; [key: string]: any };

let t: TestApp;
let doc: Doc;
let member: TestMember;
let ajv: InstanceType<typeof Ajv2020>;

beforeAll(async () => {
  t = await createTestApp({ vehicles: 3 });
  doc = await readJson<Doc>(await t.app.request('/api/v1/openapi.json'));
  member = await t.member('openapi');
  // JSON Schema 2020-12, as OpenAPI 3.1 is; the OpenAPI keywords (`example`) are not validation.
  ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
});
afterAll(() => t.destroy());

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op })),
  );
/** An answer that is only an HTML page, for a person rather than a program. */
const isPage = (response: { content?: Record<string, unknown> }) =>
  Object.keys(response.content ?? {}).length > 0 && Object.keys(response.content ?? {}).every((type) => type === 'text/html');
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
const validatorAt = (...parts: string[]) =>
  ajv.getSchema(`openapi.json#/${pointer(...parts)}`) ?? ajv.compile({ $ref: `openapi.json#/${pointer(...parts)}` });

describe('the OpenAPI document', () => {
  it('passes a strict OpenAPI 3.1 schema validator', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it("has no error under the linter's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    // The warnings left are answers that do not exist (a 4xx for /healthz, a 2xx for a redirect) and the
    // test's own localhost PUBLIC_URL: their number is kept in view here, not hidden.
    expect(problems.filter((p) => p.severity === 'warn').length).toBeLessThanOrEqual(6);
  });

  it('carries its patterns as plain ECMA-262 strings that accept what the API accepts', () => {
    const patterns = [...JSON.stringify(doc).matchAll(/"pattern":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      expect(pattern, pattern).not.toMatch(/\$\/[dgimsuvy]+$/);
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
    }
    const vin = validatorAt('components', 'schemas', 'VehicleInput', 'properties', 'vin');
    expect(vin('VF1RJA00567123456')).toBe(true);
    expect(vin('vf1rja00567123456')).toBe(true);
    expect(vin('VF1RJA0056712345O')).toBe(false);
    const signup = doc.paths['/api/v1/auth/signup']!.post.requestBody.content['application/json'].schema;
    const username = ajv.compile({
      $ref: `openapi.json#/${signup.$ref ? signup.$ref.slice(2) : pointer('paths', '/api/v1/auth/signup', 'post', 'requestBody', 'content', 'application/json', 'schema')}/properties/username`,
    });
    for (const name of ['john_doe', 'José.M', '李雷', 'مريم-1']) expect(username(name), name).toBe(true);
    for (const name of ['john doe', 'a@b', 'x']) expect(username(name), name).toBe(false);
  });

  it('declares a path parameter for each template name, always required', () => {
    for (const { path, method, op } of operations()) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const params = (op.parameters ?? []).filter((p: any) => p.in === 'path');
      expect(params.map((p: any) => p.name).sort(), `${method} ${path}`).toEqual(names.sort());
      for (const p of params) expect(p.required, `${method} ${path} ${p.name}`).toBe(true);
    }
  });

  it('names every operation once, and describes every tag it uses', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/vehicles/{id}']!.get.operationId).toBe('getVehiclesById');
    const used = new Set(operations().flatMap(({ op }) => op.tags ?? []));
    const described = new Map((doc.tags as { name: string; description: string }[]).map((tag) => [tag.name, tag.description]));
    for (const tag of used) expect(described.get(tag), tag).toBeTruthy();
    expect(doc.info.license.name).toBeTruthy();
    expect(doc.servers[0].url).toBe(t.deps.config.publicUrl.replace(/\/+$/, ''));
  });

  it('says what each operation needs, from the middleware mounted on it', () => {
    const security = (path: string, method = 'get') => doc.paths[path]![method].security;
    const signature = { requestSignature: [], requestTimestamp: [] };
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['bearerAuth', 'accessCookie', 'requestSignature', 'requestTimestamp']),
    );
    expect(doc.components.securitySchemes.accessCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'ACCESS_TOKEN' });
    // Public and signed; public and unsigned (the app's exemptions).
    expect(security('/api/v1/vehicles')).toEqual([signature]);
    expect(security('/healthz')).toEqual([]);
    expect(security('/api/v1/health')).toEqual([]);
    expect(security('/api/v1/payments/stripe/webhook', 'post')).toEqual([{ stripeSignature: [] }]);
    // A member's, and an administrator's with the permission as the role.
    expect(security('/api/v1/me/favorites')).toEqual([
      { ...signature, bearerAuth: [] },
      { ...signature, accessCookie: [] },
    ]);
    expect(security('/api/v1/admin/users/{id}', 'put')).toEqual([
      { ...signature, bearerAuth: ['admin.user.update'] },
      { ...signature, accessCookie: ['admin.user.update'] },
    ]);
    const responses = (path: string, method = 'get') => doc.paths[path]![method].responses;
    expect(responses('/api/v1/admin/users/{id}', 'put')[401].description).toContain('BAD_SIGNATURE');
    expect(responses('/api/v1/admin/users/{id}', 'put')[401].description).toContain('UNAUTHORIZED');
    expect(responses('/api/v1/admin/users/{id}', 'put')[403].description).toContain('FORBIDDEN');
    expect(responses('/api/v1/vehicles', 'post')[402].description).toContain('EMAIL_NOT_VERIFIED');
    expect(responses('/healthz')[401]).toBeUndefined();
    // A rate-limited route's 429 names its code and the header that says when to try again.
    expect(responses('/api/v1/auth/login', 'post')[429]).toMatchObject({
      description: expect.stringContaining('TOO_MANY_REQUESTS'),
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
    });
    // Every JSON error answer is the envelope (a page opened from a mail answers its refusals in HTML).
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (/^[45]/.test(status) && path !== '/readyz' && !isPage(response)) {
          expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          });
        }
      }
    }
    // Every refusal names the code(s) a program can act on.
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (/^4/.test(status) && !isPage(response))
          expect(response.description, `${method} ${path} ${status}`).toMatch(
            /\b[A-Z][A-Z0-9]+(_[A-Z0-9]+)+\b|\b(UNAUTHORIZED|FORBIDDEN|CONFLICT|DUPLICATE)\b/,
          );
      }
    }
    // The signature's 401 is documented wherever the signature is checked.
    for (const { path, method, op } of operations()) {
      const signed = op.security.some((r: Record<string, unknown>) => 'requestSignature' in r);
      expect(Boolean(op.responses[401]?.description.includes('BAD_SIGNATURE')), `${method} ${path}`).toBe(signed);
    }
  });
});

/** The operation a concrete path answers to: a literal segment wins over a template (`/featured` over `/{id}`). */
function operationOf(method: string, url: string) {
  const path = new URL(url, 'http://x').pathname;
  const candidates = Object.keys(doc.paths).filter((template) =>
    new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`).test(path),
  );
  const template = candidates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
  expect(template, `${method} ${path} is documented`).toBeDefined();
  const op = doc.paths[template!]![method];
  expect(op, `${method} ${template} is documented`).toBeDefined();
  return { template: template!, op };
}

/** Checks a live answer against what the document declares for its operation and status; gives its body, of the type the caller names (an error by default). */
async function conforms<T = ApiError>(method: string, url: string, res: Response, status: number): Promise<T> {
  expect(res.status, `${method.toUpperCase()} ${url}`).toBe(status);
  const { template, op } = operationOf(method, url);
  const declared = op.responses[String(status)];
  expect(declared, `${method.toUpperCase()} ${template} documents ${status}`).toBeDefined();
  const body = await readJson<T & Partial<ApiError>>(res);
  const validate = validatorAt('paths', template, method, 'responses', String(status), 'content', 'application/json', 'schema');
  expect(validate(body) ? [] : validate.errors, `${method.toUpperCase()} ${url} ${status}`).toEqual([]);
  // An error's code is one the document lists for that status.
  if (status >= 400) expect(declared.description, `${template} ${status}`).toContain(body.code);
  return body;
}

describe('live answers against the document', () => {
  it('public reads: vehicles, references, the site, pages and plans', async () => {
    // The check bites: a body that is not the declared one fails it.
    const page = validatorAt('paths', '/api/v1/vehicles', 'get', 'responses', '200', 'content', 'application/json', 'schema');
    expect(page({ data: [{ id: 'one' }], meta: {} })).toBe(false);
    const list = await conforms<ListResponse<VehicleSummary>>('get', '/api/v1/vehicles', await t.request('/api/v1/vehicles'), 200);
    const id = list.data[0]!.id;
    await conforms('get', `/api/v1/vehicles/${id}`, await t.request(`/api/v1/vehicles/${id}`), 200);
    await conforms('get', '/api/v1/vehicles/featured', await t.request('/api/v1/vehicles/featured'), 200);
    const ids = list.data.map((v: { id: number }) => v.id).join(',');
    await conforms('get', `/api/v1/vehicles/compare?ids=${ids}`, await t.request(`/api/v1/vehicles/compare?ids=${ids}`), 200);
    await conforms('get', '/api/v1/user/config', await t.request('/api/v1/user/config?lng=fr_FR'), 200);
    await conforms('get', '/api/v1/site', await t.request('/api/v1/site'), 200);
    await conforms('get', '/api/v1/site/sitemap', await t.request('/api/v1/site/sitemap'), 200);
    await conforms('get', '/api/v1/site/sitemap/0', await t.request('/api/v1/site/sitemap/0'), 200);
    await conforms('get', '/api/v1/pages', await t.request('/api/v1/pages'), 200);
    await conforms('get', '/api/v1/plans', await t.request('/api/v1/plans'), 200);
    await conforms('get', '/api/v1/health', await t.app.request('/api/v1/health'), 200);
    await conforms('get', '/healthz', await t.app.request('/healthz'), 200);
  });

  it("a member's and an administrator's reads", async () => {
    const as = { headers: member.headers };
    await conforms('get', '/api/v1/user/me', await t.request('/api/v1/user/me', as), 200);
    await conforms('get', '/api/v1/me/favorites', await t.request('/api/v1/me/favorites', as), 200);
    await conforms('get', '/api/v1/notifications', await t.request('/api/v1/notifications', as), 200);
    await conforms('get', '/api/v1/admin/users', await t.request('/api/v1/admin/users', as), 403);
    await t.grant(member.id, ['admin.user.index']);
    await conforms('get', '/api/v1/admin/users', await t.request('/api/v1/admin/users', as), 200);
    await conforms('get', `/api/v1/admin/users/${member.id}`, await t.request(`/api/v1/admin/users/${member.id}`, as), 200);
  });

  it('every read, as a super administrator', async () => {
    const admin = await t.member('openapi-admin');
    await t.grant(admin.id, [], 'SUPADMIN');
    const reads = operations().filter(({ path, method }) => method === 'get' && !path.includes('{') && path !== '/metrics');
    expect(reads.length).toBeGreaterThan(40);
    // The reads that need a query to answer at all.
    const queries: Record<string, string> = { '/api/v1/vehicles/compare': '?ids=1' };
    const failures: string[] = [];
    for (const { path } of reads) {
      const url = `${path}${queries[path] ?? ''}`;
      try {
        await conforms('get', url, await t.request(url, { headers: admin.headers }), 200);
      } catch (error) {
        failures.push(String(error).slice(0, 400));
      }
    }
    // One record of each (`{id}` 1: the seeded reference rows, the first listing; else the one value
    // the document allows), or its documented refusal: no such record, or not the caller's.
    const records = operations().filter(({ path, method }) => method === 'get' && /^[^{]*\{id\}[^{]*$/.test(path));
    expect(records.length).toBeGreaterThan(20);
    for (const { path } of records) {
      const id = doc.paths[path]!.get.parameters.find((p: { name: string }) => p.name === 'id').schema.enum?.[0] ?? 1;
      const url = path.replace('{id}', String(id));
      try {
        const res = await t.request(url, { headers: admin.headers });
        await conforms('get', url, res, [403, 404].includes(res.status) ? res.status : 200);
      } catch (error) {
        failures.push(String(error).slice(0, 400));
      }
    }
    expect(failures).toEqual([]);
  });

  it('refusals: not found, invalid, unsigned, signed out, malformed', async () => {
    await conforms('get', '/api/v1/vehicles/999999', await t.request('/api/v1/vehicles/999999'), 404);
    const invalid = await conforms('get', '/api/v1/vehicles?perPage=x', await t.request('/api/v1/vehicles?perPage=x'), 422);
    expect(invalid.code).toBe('VALIDATION_FAILED');
    await conforms('get', '/api/v1/vehicles/abc', await t.request('/api/v1/vehicles/abc'), 422);
    const unsigned = await conforms('get', '/api/v1/vehicles', await t.app.request('/api/v1/vehicles'), 401);
    expect(unsigned.code).toBe('BAD_SIGNATURE');
    const forged = await t.app.request('/api/v1/me/favorites', {
      headers: { ...member.headers, 'x-timestamp': String(Date.now()), 'x-signature': 'bm90IGl0' },
    });
    expect((await conforms('get', '/api/v1/me/favorites', forged, 401)).code).toBe('BAD_SIGNATURE');
    expect((await conforms('get', '/api/v1/user/me', await t.request('/api/v1/user/me'), 401)).code).toBe('UNAUTHORIZED');
    const malformed = await t.request('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect((await conforms('post', '/api/v1/auth/login', malformed, 400)).code).toBe('MALFORMED_JSON');
    // A rate limit: an account's sign-in attempts (core/limiters.ts), then 429 with Retry-After.
    const login = () =>
      t.request('/api/v1/auth/login', { method: 'POST', json: { email: 'nobody@example.test', password: 'wrong password' } });
    let attempt = await login();
    for (let i = 0; i < 20 && attempt.status !== 429; i++) {
      await conforms('post', '/api/v1/auth/login', attempt, 401);
      attempt = await login();
    }
    expect(attempt.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await conforms('post', '/api/v1/auth/login', attempt, 429)).code).toBe('TOO_MANY_REQUESTS');
    const signup = await t.request('/api/v1/auth/signup', { method: 'POST', json: { email: 'nope', username: 'john doe' } });
    const refused = await conforms('post', '/api/v1/auth/signup', signup, 422);
    expect(refused.details!.map((d) => d.path)).toEqual(expect.arrayContaining(['email', 'username']));
  });
});
