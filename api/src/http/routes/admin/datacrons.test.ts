import type { DatacronRun } from '@autoroute/contract/cron';
import { nowIso } from '@autoroute/db';
import { ensureAdmin } from '@autoroute/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { loginRoute } from '../auth/auth.routes.ts';
import type { dashboardRoute } from './admin.routes.ts';
import type { runNowRoute } from './datacrons.routes.ts';

type RunAnswer = RouteJson<typeof runNowRoute, 200>;
/** The document the app serves at /api/v1/openapi.json (`doc31`). */
type OpenApiDocument = ReturnType<TestApp['app']['getOpenAPI31Document']>;

let t: TestApp;
let admin: { authorization: string };
let member: TestMember;

const jobId = async (handler: string) =>
  (await t.database.db.selectFrom('datacrons').select('id').where('handler', '=', handler).executeTakeFirstOrThrow()).id;

/** A list request with its JSON parameters (`sort`, `range`, `filter`) encoded as ra-data-simple-rest does. */
const runs = (query: Record<string, unknown>, headers = admin) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.set(name, JSON.stringify(value));
  return t.request(`/api/v1/admin/datacron-runs?${params}`, { headers });
};

beforeAll(async () => {
  t = await createTestApp({ vehicles: 3 });
  await ensureAdmin(t.database.db, { email: 'root@example.test', password: 'root passphrase 123' });
  const signed = await readJson<RouteJson<typeof loginRoute, 200>>(
    await t.request('/api/v1/auth/login', { method: 'POST', json: { email: 'root@example.test', password: 'root passphrase 123' } }),
  );
  admin = { authorization: `Bearer ${signed.security.accessToken}` };
  member = await t.member('plainmember');
});
afterAll(() => t.destroy());

describe('POST /api/v1/admin/datacrons/{id}/run (admin.datacron.update)', () => {
  it('answers 401 signed out and 403 to a member without the permission, and runs nothing', async () => {
    const id = await jobId('purge-expired');
    const signedOut = await t.request(`/api/v1/admin/datacrons/${id}/run`, { method: 'POST' });
    expect(signedOut.status).toBe(401);
    expect((await readJson<ApiError>(signedOut)).code).toBe('UNAUTHORIZED');
    const forbidden = await t.request(`/api/v1/admin/datacrons/${id}/run`, { method: 'POST', headers: member.headers });
    expect(forbidden.status).toBe(403);
    expect((await readJson<ApiError>(forbidden)).code).toBe('FORBIDDEN');
    expect(await t.database.db.selectFrom('datacron_runs').select('id').execute()).toEqual([]);
  });

  it('answers 404 for a job that does not exist', async () => {
    const res = await t.request('/api/v1/admin/datacrons/999999/run', { method: 'POST', headers: admin });
    expect(res.status).toBe(404);
    expect(await readJson<ApiError>(res)).toEqual({ code: 'DATACRON_NOT_FOUND', error: 'Scheduled job not found.' });
  });

  it('runs the job now and answers its finished run, which then heads the run history', async () => {
    const id = await jobId('purge-expired');
    const before = nowIso();
    const res = await t.request(`/api/v1/admin/datacrons/${id}/run`, { method: 'POST', headers: admin });
    expect(res.status).toBe(200);
    const { data } = await readJson<RunAnswer>(res);
    expect(data).toMatchObject({
      datacronId: id,
      datacronName: 'Purge expired codes and sessions',
      handler: 'purge-expired',
      trigger: 'manual',
      outcome: 'success',
      error: null,
      summary: expect.stringMatching(/^Deleted \d+ one-time codes?/),
    });
    expect(data.startedAt >= before).toBe(true);
    expect(data.finishedAt! >= data.startedAt).toBe(true);

    const list = await runs({ sort: ['startedAt', 'DESC'], range: [0, 24], filter: { datacronId: id } });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('datacron-runs 0-0/1');
    expect(await readJson<DatacronRun[]>(list)).toEqual([data]);
    const one = await t.request(`/api/v1/admin/datacron-runs/${data.id}`, { headers: admin });
    expect(await readJson<DatacronRun>(one)).toEqual(data);
  });

  it('answers 409 JOB_RUNNING, in the asker’s language, while a run of the job is under way in another server process', async () => {
    const id = await jobId('recompute-stats');
    const db = t.database.db;
    await db
      .updateTable('datacrons')
      .set({ locked_by: 'other-host:1:abc#1', locked_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    try {
      const res = await t.request(`/api/v1/admin/datacrons/${id}/run?lng=fr_FR`, { method: 'POST', headers: admin });
      expect(res.status).toBe(409);
      expect(await readJson<ApiError>(res)).toEqual({
        code: 'JOB_RUNNING',
        error: 'Cette tâche est déjà en cours : attendez la fin de l’exécution en cours.',
      });
      expect(await db.selectFrom('datacron_runs').select('id').where('datacron_id', '=', id).execute()).toEqual([]);
    } finally {
      await db.updateTable('datacrons').set({ locked_by: null, locked_until: null }).where('id', '=', id).execute();
    }
  });

  it('answers 200 with outcome error and its message when the job fails', async () => {
    const row = await t.database.db
      .insertInto('datacrons')
      .values({ name: 'Retired job', handler: 'retired-handler', cron: '0 4 * * *', active: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.request(`/api/v1/admin/datacrons/${row.id}/run`, { method: 'POST', headers: admin });
    expect(res.status).toBe(200);
    expect((await readJson<RunAnswer>(res)).data).toMatchObject({
      outcome: 'error',
      error: 'No job handler is named "retired-handler".',
      summary: null,
    });
  });

  it('fills the dashboard history when the statistics job runs', async () => {
    const res = await t.request(`/api/v1/admin/datacrons/${await jobId('recompute-stats')}/run`, { method: 'POST', headers: admin });
    expect((await readJson<RunAnswer>(res)).data.outcome).toBe('success');
    const { data } = await readJson<RouteJson<typeof dashboardRoute, 200>>(await t.request('/api/v1/admin/dashboard', { headers: admin }));
    expect(data.history).toHaveLength(7);
    const users = await t.database.db.selectFrom('users').select('id').execute();
    const sold = await t.database.db.selectFrom('vehicles').select('id').where('sold', '=', 1).execute();
    expect(data.history.at(-1)).toMatchObject({ day: nowIso().slice(0, 10), users: users.length, listed: data.live, sold: sold.length });
  });
});

describe('GET /api/v1/admin/datacron-runs (admin.datacron.index, ra-data-simple-rest)', () => {
  beforeAll(async () => {
    // A history of 30 runs over the seeded jobs, one a minute, some failed.
    const ids = await t.database.db.selectFrom('datacrons').select('id').where('handler', '!=', 'retired-handler').orderBy('id').execute();
    const start = Date.now() - 60 * 60_000;
    await t.database.db
      .insertInto('datacron_runs')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          datacron_id: ids[i % ids.length]!.id,
          trigger: i % 3 === 0 ? ('manual' as const) : ('schedule' as const),
          started_at: new Date(start + i * 60_000).toISOString(),
          finished_at: new Date(start + i * 60_000 + 500).toISOString(),
          outcome: i % 5 === 0 ? ('error' as const) : ('success' as const),
          error: i % 5 === 0 ? 'Something broke.' : null,
        })),
      )
      .execute();
  });

  it('answers 401 signed out and 403 to a member without the permission', async () => {
    expect((await t.request('/api/v1/admin/datacron-runs')).status).toBe(401);
    expect((await runs({}, member.headers)).status).toBe(403);
  });

  it('pages through every run, newest first, with the total in Content-Range', async () => {
    const total = (await t.database.db.selectFrom('datacron_runs').select('id').execute()).length;
    const first = await runs({ sort: ['startedAt', 'DESC'], range: [0, 9] });
    expect(first.headers.get('content-range')).toBe(`datacron-runs 0-9/${total}`);
    const page = await readJson<DatacronRun[]>(first);
    expect(page).toHaveLength(10);
    const starts = page.map((r) => r.startedAt);
    expect(starts).toEqual([...starts].sort().reverse());

    const last = await runs({ sort: ['startedAt', 'DESC'], range: [total - 3, total + 6] });
    expect(last.headers.get('content-range')).toBe(`datacron-runs ${total - 3}-${total - 1}/${total}`);
    expect(await readJson<DatacronRun[]>(last)).toHaveLength(3);
    const beyond = await runs({ range: [total + 10, total + 19] });
    expect(beyond.headers.get('content-range')).toBe(`datacron-runs */${total}`);
    expect(await readJson<DatacronRun[]>(beyond)).toEqual([]);
  });

  it('filters by job, outcome, trigger and ids, and sorts ascending', async () => {
    // A job with failed runs in that history (which one depends on how many jobs are seeded).
    const failed = await t.database.db
      .selectFrom('datacron_runs')
      .select('datacron_id')
      .where('error', '=', 'Something broke.')
      .executeTakeFirstOrThrow();
    const id = failed.datacron_id;
    const errors = await readJson<DatacronRun[]>(await runs({ sort: ['id', 'ASC'], filter: { datacronId: id, outcome: 'error' } }));
    const expected = await t.database.db
      .selectFrom('datacron_runs')
      .select('id')
      .where('datacron_id', '=', id)
      .where('outcome', '=', 'error')
      .orderBy('id')
      .execute();
    expect(errors.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(errors.every((r) => r.error === 'Something broke.')).toBe(true);

    const manual = await readJson<DatacronRun[]>(await runs({ filter: { trigger: ['manual'] } }));
    expect(manual.length).toBeGreaterThan(0);
    expect(manual.every((r) => r.trigger === 'manual')).toBe(true);

    const failedRuns = await t.database.db
      .selectFrom('datacron_runs')
      .select('id')
      .where('error', '=', 'Something broke.')
      .orderBy('id')
      .execute();
    const some = failedRuns.slice(0, 2).map((r) => r.id);
    const many = await runs({ filter: { id: some } });
    expect(many.headers.get('content-range')).toBe('datacron-runs 0-1/2');
    expect((await readJson<DatacronRun[]>(many)).map((r) => r.id).sort()).toEqual(some.sort());
  });

  it('refuses a sort, range or filter it does not understand with 422, naming the parameter', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ sort: '["startedAt"' }, 'sort'],
      [{ sort: '["password","ASC"]' }, 'sort'],
      [{ range: '[10,2]' }, 'range'],
      [{ range: '[0,500]' }, 'range'],
      [{ filter: '{"name":"x"}' }, 'filter'],
      [{ filter: '{"datacronId":"three"}' }, 'filter.datacronId'],
    ];
    for (const [query, path] of cases) {
      const res = await t.request(`/api/v1/admin/datacron-runs?${new URLSearchParams(query)}`, { headers: admin });
      expect(res.status, JSON.stringify(query)).toBe(422);
      const body = await readJson<ApiError>(res);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(
        body.details!.map((d) => d.path).some((p) => p.startsWith(path)),
        JSON.stringify(body),
      ).toBe(true);
    }
    const bad = await readJson<ApiError>(await t.request(`/api/v1/admin/datacron-runs?sort=nope`, { headers: admin }));
    expect(bad.details).toEqual([{ path: 'sort', message: expect.stringMatching(/^Sort by one of: id, datacronId, .*\(DESC\)\.$/) }]);
  });

  it('folds consecutive successful runs of a job into one row, failures alone, newest first (filter folded)', async () => {
    const db = t.database.db;
    const job = await db
      .insertInto('datacrons')
      .values({ name: 'Every minute', handler: 'purge-expired', cron: '* * * * *', description: null, active: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Oldest first: 5 successes, a failure, 3 successes, a skip, 2 successes.
    const outcomes = [...Array(5).fill('success'), 'error', ...Array(3).fill('success'), 'skipped', 'success', 'success'] as const;
    const start = Date.UTC(2026, 10, 20, 10, 2);
    await db
      .insertInto('datacron_runs')
      .values(
        outcomes.map((outcome, i) => ({
          datacron_id: job.id,
          trigger: 'schedule' as const,
          started_at: new Date(start + i * 60_000).toISOString(),
          finished_at: new Date(start + i * 60_000 + 200).toISOString(),
          outcome,
          error: outcome === 'error' ? 'Disk full.' : null,
        })),
      )
      .execute();
    const minute = (i: number) => new Date(start + i * 60_000).toISOString();

    const res = await runs({ filter: { datacronId: job.id, folded: true }, range: [0, 9] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('datacron-runs 0-4/5');
    const rows = await readJson<DatacronRun[]>(res);
    expect(rows.map((r) => [r.outcome, r.runs, r.firstStartedAt, r.startedAt])).toEqual([
      ['success', 2, minute(10), minute(11)],
      ['skipped', 1, minute(9), minute(9)],
      ['success', 3, minute(6), minute(8)],
      ['error', 1, minute(5), minute(5)],
      ['success', 5, minute(0), minute(4)],
    ]);
    expect(rows[3]).toMatchObject({ error: 'Disk full.' });

    // A page of folds, and the total of folds.
    const second = await runs({ filter: { datacronId: job.id, folded: true }, range: [1, 2] });
    expect(second.headers.get('content-range')).toBe('datacron-runs 1-2/5');
    expect((await readJson<DatacronRun[]>(second)).map((r) => r.runs)).toEqual([1, 3]);

    // Failed only: nothing to fold, the failure alone.
    const failed = await readJson<DatacronRun[]>(await runs({ filter: { datacronId: job.id, outcome: 'error', folded: true } }));
    expect(failed.map((r) => [r.outcome, r.runs])).toEqual([['error', 1]]);

    // Unfolded, every run, without fold counts.
    const all = await readJson<DatacronRun[]>(await runs({ filter: { datacronId: job.id }, range: [0, 99] }));
    expect(all).toHaveLength(outcomes.length);
    expect(all.every((r) => r.runs === undefined)).toBe(true);

    // A folded list asks the same permission, and a folded flag that is not one is a 422.
    expect((await runs({ filter: { datacronId: job.id, folded: true } }, member.headers)).status).toBe(403);
    expect((await t.request(`/api/v1/admin/datacron-runs?filter=${encodeURIComponent('{"folded":true}')}`)).status).toBe(401);
    const bad = await runs({ filter: { datacronId: job.id, folded: 'yes' } });
    expect(bad.status).toBe(422);
    expect((await readJson<ApiError>(bad)).details!.map((d) => d.path)).toContain('filter.folded');
  });

  it('answers 404 for a run that does not exist', async () => {
    const res = await t.request('/api/v1/admin/datacron-runs/999999', { headers: admin });
    expect(res.status).toBe(404);
    expect((await readJson<ApiError>(res)).code).toBe('DATACRON_RUN_NOT_FOUND');
  });

  it('describes both routes in the OpenAPI document', async () => {
    const doc = await readJson<OpenApiDocument>(await t.request('/api/v1/openapi.json'));
    expect(Object.keys(doc.paths!)).toEqual(
      expect.arrayContaining(['/api/v1/admin/datacrons/{id}/run', '/api/v1/admin/datacron-runs', '/api/v1/admin/datacron-runs/{id}']),
    );
  });
});
