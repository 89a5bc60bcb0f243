import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, readJson, type TestApp, type TestMember } from '../../../testing.ts';

let t: TestApp;
let root: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.member('listroot');
  await t.grant(root.id, [], 'SUPADMIN');
});
afterAll(() => t.destroy());

const list = (resource: string, filter: unknown) =>
  t.request(`/api/v1/admin/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`, { headers: root.headers });

describe('every admin list reads its filters one way', () => {
  const lists = ['users', 'roles', 'vehicles', 'support-requests', 'subscriptions', 'payments', 'contacts', 'audit', 'colors', 'cities'];

  it('names the filter whose value it refuses, on every list', async () => {
    for (const resource of lists) {
      const res = await list(resource, { id: ['x'] });
      expect(res.status, resource).toBe(422);
      expect((await readJson<ApiError>(res)).details, resource).toEqual([{ path: 'filter.id', message: expect.any(String) }]);
    }
  });

  it('refuses a filter the list does not have, naming it', async () => {
    for (const resource of lists) {
      const res = await list(resource, { colour: 'red' });
      expect(res.status, resource).toBe(422);
      const [detail] = (await readJson<ApiError>(res)).details!;
      expect(detail!.path, resource).toBe('filter');
      expect(detail!.message, resource).toContain('colour');
    }
  });

  it('takes a cleared filter (null or empty) as no filter', async () => {
    for (const resource of lists) {
      const res = await list(resource, { id: null, q: '' });
      expect(res.status, resource).toBe(200);
    }
  });
});
