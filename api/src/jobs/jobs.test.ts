import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { connect, nowIso } from '@autoroute/db';
import { testDialect } from '@autoroute/db/testing';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { createJobs, isValidCron, JOB_HANDLERS, type JobHandler, type Jobs, jobHandlerNames, nextRun } from './index.ts';

let t: TestApp;
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const quiet = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp({ vehicles: 6 });
});
afterAll(() => t.destroy());

/** The seeded datacron running `handler`. */
async function jobId(handler: string): Promise<number> {
  const row = await t.database.db.selectFrom('datacrons').select('id').where('handler', '=', handler).executeTakeFirstOrThrow();
  return row.id;
}

/** A datacron row of our own, for the test handlers below. */
async function addJob(name: string, handler: string, cron = '0 4 * * *', active = 1): Promise<number> {
  const row = await t.database.db.insertInto('datacrons').values({ name, handler, cron, active }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

let users = 0;
async function addUser(language?: string): Promise<number> {
  users += 1;
  const languageId = language
    ? (await t.database.db.selectFrom('languages').select('id').where('code', '=', language).executeTakeFirstOrThrow()).id
    : null;
  const row = await t.database.db
    .insertInto('users')
    .values({
      email: `job-user-${users}@example.test`,
      username: `jobuser${users}`,
      first_name: 'Job',
      last_name: 'User',
      language_id: languageId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function run(handler: string) {
  const result = await t.deps.jobs.runNow(await jobId(handler));
  if (result.status !== 'finished') throw new Error(`${handler} did not run: ${result.status}`);
  return result.run;
}

/** A promise with its resolver, to hold a test handler mid-run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const extraJobs: Jobs[] = [];
function jobsWith(
  handlers: Record<string, JobHandler>,
  options: { database?: TestApp['database'] | ReturnType<typeof connect>; log?: pino.Logger } = {},
) {
  const jobs = createJobs({
    database: options.database ?? t.database,
    backup: { target: t.deps.config.backup, media: t.deps.config.media, mediaDir: t.deps.config.mediaDir },
    log: options.log ?? quiet,
    handlers: { ...JOB_HANDLERS, ...handlers },
  });
  extraJobs.push(jobs);
  return jobs;
}
afterEach(async () => {
  await Promise.all(extraJobs.splice(0).map((j) => j.stop()));
});

describe('the job registry', () => {
  it('names the ten jobs the datacron rows schedule', async () => {
    expect(jobHandlerNames().sort()).toEqual([
      'backup-database',
      'booking-clock',
      'calendar-imports',
      'expire-subscriptions',
      'purge-expired',
      'recompute-stats',
      'refresh-market-ratings',
      'review-invitations',
      'saved-search-alerts',
      'send-notification-mail',
    ]);
    const seeded = await t.database.db.selectFrom('datacrons').select('handler').execute();
    expect(seeded.map((r) => r.handler).sort()).toEqual(jobHandlerNames().sort());
  });

  it('accepts cron expressions that fire and refuses the others', () => {
    for (const ok of ['0 * * * *', '15 3 * * *', '*/10 * * * * *', '0 4 * * MON', '@daily']) expect(isValidCron(ok), ok).toBe(true);
    for (const bad of ['', 'every day', '60 * * * *', '0 0 30 2 *', '* * * * * * *', '2026-01-01T00:00:00', 42, null]) {
      expect(isValidCron(bad), String(bad)).toBe(false);
    }
  });

  it('reads schedules in UTC', () => {
    expect(nextRun('0 4 * * *', new Date('2026-11-23T10:00:00Z'))?.toISOString()).toBe('2026-11-24T04:00:00.000Z');
  });
});

describe('purge-expired', () => {
  it('deletes expired or used codes and process ids, expired or long-revoked sessions, and old job runs; keeps the rest', async () => {
    const db = t.database.db;
    const userId = await addUser();
    const code = (session: string, expires: number, consumed: boolean) => ({
      purpose: 'verify_email',
      email: 'purge@example.test',
      user_id: userId,
      session_id: session,
      code_hash: `hash-${session}`,
      expires_at: at(expires),
      consumed_at: consumed ? at(-60_000) : null,
    });
    await db
      .insertInto('one_time_codes')
      .values([code('code-expired', -60_000, false), code('code-used', 600_000, true), code('code-live', 600_000, false)])
      .execute();
    const process = (token: string, expires: number, consumed: boolean) => ({
      purpose: 'reset_password',
      token_hash: token,
      user_id: userId,
      email: 'purge@example.test',
      expires_at: at(expires),
      consumed_at: consumed ? at(-60_000) : null,
    });
    await db
      .insertInto('process_ids')
      .values([process('process-expired', -1, false), process('process-used', 900_000, true), process('process-live', 900_000, false)])
      .execute();
    const session = (id: string, expires: number, revoked: number | null) => ({
      id,
      user_id: userId,
      expires_at: at(expires),
      revoked_at: revoked === null ? null : at(revoked),
    });
    await db
      .insertInto('sessions')
      .values([
        session('session-expired', -DAY, null),
        session('session-revoked-long-ago', 30 * DAY, -40 * DAY),
        session('session-revoked-yesterday', 30 * DAY, -DAY),
        session('session-live', 30 * DAY, null),
      ])
      .execute();
    await db
      .insertInto('refresh_tokens')
      .values([
        { session_id: 'session-expired', token_hash: 'token-of-expired' },
        { session_id: 'session-live', token_hash: 'token-of-live' },
      ])
      .execute();
    const recompute = await jobId('recompute-stats');
    await db
      .insertInto('datacron_runs')
      .values([
        { datacron_id: recompute, started_at: at(-100 * DAY), finished_at: at(-100 * DAY), outcome: 'success' },
        { datacron_id: recompute, started_at: at(-10 * DAY), finished_at: at(-10 * DAY), outcome: 'success' },
      ])
      .execute();

    await db
      .insertInto('search_changes')
      .values([
        { vehicle_id: 900_001, created_at: at(-2 * 3_600_000) },
        { vehicle_id: 900_002, created_at: at(-60_000) },
      ])
      .execute();

    const ran = await run('purge-expired');

    expect(ran.outcome).toBe('success');
    expect(ran.summary).toBe(
      'Deleted 2 one-time codes, 2 process ids, 2 sessions, 1 job run older than 90 days and 1 search change older than an hour.',
    );
    expect(await db.selectFrom('search_changes').select('vehicle_id').where('vehicle_id', '>', 900_000).execute()).toEqual([
      { vehicle_id: 900_002 },
    ]);
    expect(
      (await db.selectFrom('one_time_codes').select('session_id').where('user_id', '=', userId).execute()).map((r) => r.session_id),
    ).toEqual(['code-live']);
    expect(
      (await db.selectFrom('process_ids').select('token_hash').where('user_id', '=', userId).execute()).map((r) => r.token_hash),
    ).toEqual(['process-live']);
    const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).orderBy('id').execute();
    expect(sessions.map((r) => r.id)).toEqual(['session-live', 'session-revoked-yesterday']);
    const tokens = await db.selectFrom('refresh_tokens').select('token_hash').where('token_hash', 'like', 'token-of-%').execute();
    expect(tokens.map((r) => r.token_hash)).toEqual(['token-of-live']);
    const runs = await db.selectFrom('datacron_runs').select('started_at').where('datacron_id', '=', recompute).execute();
    expect(runs).toHaveLength(1);
  });
});

describe('expire-subscriptions', () => {
  it('ends the subscriptions past their expiry and reminds each member once, in their language, three days before', async () => {
    const db = t.database.db;
    const cart = await db.selectFrom('carts').select('id').where('name', '=', 'Individual Plus (monthly)').executeTakeFirstOrThrow();
    const subscribe = async (userId: number, expires: number, status: 'active' | 'expired' = 'active') =>
      await db
        .insertInto('subscriptions')
        .values({ user_id: userId, cart_id: cart.id, status, started_at: at(-30 * DAY), expires_at: at(expires) })
        .returning(['id', 'expires_at'])
        .executeTakeFirstOrThrow();
    const lapsed = await addUser();
    const french = await addUser('fr_FR');
    const later = await addUser();
    const renewed = await addUser('de_DE');
    const ended = await subscribe(lapsed, -DAY);
    const soon = await subscribe(french, 2 * DAY);
    const farAway = await subscribe(later, 10 * DAY);
    await subscribe(renewed, 2 * DAY);
    await subscribe(renewed, 40 * DAY);

    const first = await run('expire-subscriptions');
    const second = await run('expire-subscriptions');

    expect(first.summary).toBe('Ended 1 subscription; reminded 1 member whose plan ends within 3 days.');
    expect(second.summary).toBe('Ended 0 subscriptions; reminded 0 members whose plan ends within 3 days.');
    const status = async (id: number) =>
      await db.selectFrom('subscriptions').select(['status', 'reminded_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect((await status(ended.id)).status).toBe('expired');
    expect(await status(soon.id)).toMatchObject({ status: 'active', reminded_at: expect.any(String) });
    expect(await status(farAway.id)).toEqual({ status: 'active', reminded_at: null });

    const notes = await db
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'from_name', 'message'])
      .where('user_id', 'in', [lapsed, french, later, renewed])
      .execute();
    const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(soon.expires_at));
    expect(notes).toEqual([
      {
        user_id: french,
        kind: 'subscription',
        from_name: 'Autoroute',
        message: `Votre formule Particulier Plus (mensuel) prend fin le ${date}. Renouvelez-la depuis Facturation pour garder ses avantages.`,
      },
    ]);
  });
});

describe('recompute-stats', () => {
  it("writes each day's new members, listings, views and messages, and today's totals", async () => {
    const db = t.database.db;
    const today = nowIso().slice(0, 10);
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    const vehicle = await db.selectFrom('vehicles').select(['id', 'owner_id']).orderBy('id').executeTakeFirstOrThrow();
    // The demo catalogue comes with a month of visits: these add to them.
    const viewsOn = async (day: string) =>
      Number(
        (await db.selectFrom('vehicle_views').select(db.fn.countAll<number>().as('n')).where('day', '=', day).executeTakeFirstOrThrow()).n,
      );
    const [seededToday, seededYesterday] = [await viewsOn(today), await viewsOn(yesterday)];
    await db
      .insertInto('vehicle_views')
      .values([
        { vehicle_id: vehicle.id, visitor_hash: 'a', day: today },
        { vehicle_id: vehicle.id, visitor_hash: 'b', day: today },
        { vehicle_id: vehicle.id, visitor_hash: 'a', day: yesterday },
      ])
      .execute();
    await db.insertInto('contacts').values({ seller_id: vehicle.owner_id, vehicle_id: vehicle.id }).execute();

    const ran = await run('recompute-stats');

    const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
      Number((await query.executeTakeFirstOrThrow()).n);
    const n = db.fn.countAll<number>().as('n');
    const expected = {
      day: today,
      new_users: await count(db.selectFrom('users').select(n).where('created_at', '>=', today)),
      new_listings: await count(db.selectFrom('vehicles').select(n).where('created_at', '>=', today)),
      views: seededToday + 2,
      contacts: await count(db.selectFrom('contacts').select(n).where('created_at', '>=', today)),
      users: await count(db.selectFrom('users').select(n)),
      listed: await count(db.selectFrom('vehicles').select(n).where('sold', '=', 0)),
      sold: await count(db.selectFrom('vehicles').select(n).where('sold', '=', 1)),
      premium: await count(
        db
          .selectFrom('subscriptions')
          .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
          .where('status', '=', 'active')
          .where('expires_at', '>', nowIso()),
      ),
    };
    const rows = await db.selectFrom('daily_stats').selectAll().orderBy('day').execute();
    expect(rows).toHaveLength(7);
    expect(rows.at(-1)).toMatchObject(expected);
    expect(expected.contacts).toBeGreaterThan(0);
    // An earlier day gets its own counts, and no totals it was never seen with.
    expect(rows.at(-2)).toMatchObject({ views: seededYesterday + 1, users: null, listed: null });
    expect(ran.summary).toContain(
      `Today: ${expected.new_users} new members, ${expected.new_listings} new listings, ${expected.views} views`,
    );

    // Running again recounts the same days: no duplicate rows.
    await run('recompute-stats');
    expect(await db.selectFrom('daily_stats').select('day').execute()).toHaveLength(7);
  });
});

describe('backup-database', () => {
  it.runIf(testDialect() === 'sqlite')(
    'writes one archive of the live database and its pictures into BACKUP_DIR, keeping the newest BACKUP_KEEP',
    async () => {
      const { dir, keep } = t.deps.config.backup;
      expect(dir).toBe(path.join(t.database.dir, 'backups'));
      expect(keep).toBe(7);
      mkdirSync(dir, { recursive: true });
      // Older archives, and the database copies of earlier releases: all backups, the oldest go first.
      const old = Array.from({ length: keep + 1 }, (_, i) => `autoroute-2020-01-0${i + 1}T04-00-00-000Z.${i < 4 ? 'db' : 'tar.gz'}`);
      for (const name of old) writeFileSync(path.join(dir, name), 'old');
      writeFileSync(path.join(dir, 'autoroute-2026-01-01T04-00-00-000Z.tar.gz.partial'), 'cut short');
      writeFileSync(path.join(dir, 'notes.txt'), 'not a backup');

      const ran = await run('backup-database');

      expect(ran.outcome).toBe('success');
      const files = readdirSync(dir).sort();
      const made = files.filter((f) => !old.includes(f) && f !== 'notes.txt');
      expect(made).toHaveLength(1);
      expect(made[0]).toMatch(/^autoroute-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/);
      expect(files).toEqual([...old.slice(-(keep - 1)), made[0], 'notes.txt'].sort());
      expect(ran.summary).toMatch(
        new RegExp(
          `^Wrote ${made[0]!.replace(/[.]/g, '\\.')} \\(\\d+\\.\\d MB, the database and [1-9]\\d* pictures\\); 7 backups kept, 2 older deleted\\.$`,
        ),
      );
    },
  );

  it.runIf(testDialect() === 'postgres')('records a skipped run on PostgreSQL, saying which tools back it up', async () => {
    const ran = await run('backup-database');
    expect(ran.outcome).toBe('skipped');
    expect(ran.error).toBeNull();
    expect(ran.summary).toMatch(/pg_dump/);
    expect(existsSync(t.deps.config.backup.dir)).toBe(false);
  });
});

describe('runs and their lock', () => {
  it('never runs one job twice at once', async () => {
    const held = gate();
    const entered = gate();
    let running = 0;
    let most = 0;
    const jobs = jobsWith({
      held: async () => {
        running += 1;
        most = Math.max(most, running);
        entered.open();
        await held.opened;
        running -= 1;
        return 'done';
      },
    });
    const id = await addJob('Held job', 'held');

    // Five claims racing: one runs, the four others are refused while it does.
    const racing = Array.from({ length: 5 }, () => jobs.runNow(id));
    await entered.opened;
    const late = await jobs.runNow(id);
    expect(late).toEqual({ status: 'busy' });
    const lock = await t.database.db
      .selectFrom('datacrons')
      .select(['locked_by', 'locked_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(lock.locked_by).toMatch(new RegExp(`^${jobs.runnerId}#\\d+$`));
    expect(lock.locked_until! > nowIso()).toBe(true);
    held.open();
    const results = await Promise.all(racing);

    expect(results.filter((r) => r.status === 'finished')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'busy')).toHaveLength(4);
    expect(most).toBe(1);
    const runs = await t.database.db
      .selectFrom('datacron_runs')
      .select(['trigger', 'outcome', 'summary'])
      .where('datacron_id', '=', id)
      .execute();
    expect(runs).toEqual([{ trigger: 'manual', outcome: 'success', summary: 'done' }]);
    // Released: the next run goes ahead.
    expect((await jobs.runNow(id)).status).toBe('finished');
  });

  it('refuses a run while another server process holds the lock, and takes over once its lease ran out, closing its run as interrupted', async () => {
    const db = t.database.db;
    const id = await addJob('Crashing job', 'recompute-stats');
    await db
      .updateTable('datacrons')
      .set({ locked_by: 'other-host:4242:abc#1', locked_until: at(60_000) })
      .where('id', '=', id)
      .execute();
    const crashed = await db
      .insertInto('datacron_runs')
      .values({ datacron_id: id, trigger: 'schedule', started_at: at(-3 * 60_000), outcome: 'running' })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect(await t.deps.jobs.runNow(id)).toEqual({ status: 'busy' });

    // The other process died: its lease runs out and is not renewed.
    await db
      .updateTable('datacrons')
      .set({ locked_until: at(-1000) })
      .where('id', '=', id)
      .execute();
    const result = await t.deps.jobs.runNow(id);
    expect(result.status).toBe('finished');
    const old = await db
      .selectFrom('datacron_runs')
      .select(['outcome', 'error', 'finished_at'])
      .where('id', '=', crashed.id)
      .executeTakeFirstOrThrow();
    expect(old).toMatchObject({ outcome: 'error', error: 'Interrupted: the server stopped before the run finished.' });
    expect(old.finished_at).not.toBeNull();
    expect(await db.selectFrom('datacrons').select(['locked_by', 'locked_until']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      locked_by: null,
      locked_until: null,
    });
  });

  it('records a failing job as an error with its message, and frees its lock', async () => {
    const jobs = jobsWith({
      failing: async () => {
        throw new Error('The disk is full.');
      },
    });
    const id = await addJob('Failing job', 'failing');
    const result = await jobs.runNow(id);
    expect(result.status).toBe('finished');
    if (result.status !== 'finished') return;
    expect(result.run).toMatchObject({ outcome: 'error', error: 'The disk is full.', summary: null, trigger: 'manual' });
    expect(result.run.finished_at).not.toBeNull();
    const row = await t.database.db
      .selectFrom('datacron_runs')
      .select(['outcome', 'error'])
      .where('id', '=', result.run.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ outcome: 'error', error: 'The disk is full.' });
    expect(
      (await t.database.db.selectFrom('datacrons').select('locked_until').where('id', '=', id).executeTakeFirstOrThrow()).locked_until,
    ).toBeNull();
    expect((await jobs.runNow(id)).status).toBe('finished');
  });

  it('records an error for a datacron naming no handler', async () => {
    const id = await addJob('Unknown job', 'no-such-handler');
    const result = await t.deps.jobs.runNow(id);
    expect(result.status === 'finished' && result.run).toMatchObject({
      outcome: 'error',
      error: 'No job handler is named "no-such-handler".',
    });
  });

  it('answers not-found for a datacron that does not exist', async () => {
    expect(await t.deps.jobs.runNow(999_999)).toEqual({ status: 'not-found' });
  });
});

describe('the scheduler', () => {
  it('schedules the active datacrons and follows their changes on reload', async () => {
    const db = t.database.db;
    const jobs = jobsWith({});
    await jobs.reload(); // before start: nothing happens
    expect(jobs.scheduled()).toEqual([]);
    const broken = await addJob('Broken schedule', 'recompute-stats', 'not a cron');
    await jobs.start();
    const active = await db.selectFrom('datacrons').select('id').where('active', '=', 1).where('id', '!=', broken).orderBy('id').execute();
    expect(jobs.scheduled().sort((a, b) => a - b)).toEqual(active.map((r) => r.id));

    const purge = await jobId('purge-expired');
    await db.updateTable('datacrons').set({ active: 0 }).where('id', '=', purge).execute();
    const added = await addJob('Added later', 'recompute-stats', '*/5 * * * *');
    await jobs.reload();
    expect(jobs.scheduled()).not.toContain(purge);
    expect(jobs.scheduled()).toContain(added);
    await db.updateTable('datacrons').set({ active: 1 }).where('id', '=', purge).execute();
    await db.deleteFrom('datacrons').where('id', 'in', [added, broken]).execute();
    await jobs.reload();
    expect(jobs.scheduled()).toContain(purge);
    expect(jobs.scheduled()).not.toContain(added);

    await jobs.stop();
    expect(jobs.scheduled()).toEqual([]);
  });

  it('runs a job once per tick when two server processes schedule it on the same database', async () => {
    const db = t.database.db;
    const spans: { who: string; start: number; end: number }[] = [];
    const refusals: unknown[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void (/not started/.test(line) && refusals.push(JSON.parse(line))) });
    const handler =
      (who: string): JobHandler =>
      async () => {
        const start = Date.now();
        await new Promise((r) => setTimeout(r, 1500));
        spans.push({ who, start, end: Date.now() });
        return `ran in ${who}`;
      };
    // The second "process": its own connection to the same database, its own runner and scheduler.
    const other = connect(t.database.url, { poolSize: 2 });
    try {
      const one = jobsWith({ ticking: handler('one') }, { log });
      const two = jobsWith({ ticking: handler('two') }, { database: other, log });
      const id = await addJob('Every second', 'ticking', '* * * * * *');
      await Promise.all([one.start(), two.start()]);
      await new Promise((r) => setTimeout(r, 2600));
      await Promise.all([one.stop(), two.stop()]);
      await db.updateTable('datacrons').set({ active: 0 }).where('id', '=', id).execute();

      expect(spans.length).toBeGreaterThanOrEqual(1);
      const sorted = spans.sort((a, b) => a.start - b.start);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
      // Both processes asked on the ticks that came while a run was under way; the database said no.
      expect(refusals.some((r) => (r as { status: string }).status === 'busy')).toBe(true);
      const runs = await db.selectFrom('datacron_runs').select(['trigger', 'outcome']).where('datacron_id', '=', id).execute();
      expect(runs).toHaveLength(spans.length);
      expect(runs.every((r) => r.trigger === 'schedule' && r.outcome === 'success')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('runs a quick job once per tick, not once per process, when two processes schedule it', async () => {
    const db = t.database.db;
    const ran: { who: string; at: number }[] = [];
    const quick =
      (who: string): JobHandler =>
      async () => {
        ran.push({ who, at: Date.now() });
        return `ran in ${who}`;
      };
    const other = connect(t.database.url, { poolSize: 2 });
    try {
      const one = jobsWith({ quick: quick('one') });
      const two = jobsWith({ quick: quick('two') }, { database: other });
      const id = await addJob('Quick, every second', 'quick', '* * * * * *');
      await Promise.all([one.start(), two.start()]);
      await new Promise((r) => setTimeout(r, 3500));
      await Promise.all([one.stop(), two.stop()]);
      await db.updateTable('datacrons').set({ active: 0 }).where('id', '=', id).execute();

      // Both fired every second; the run ends in a millisecond, so only the tick's claim keeps the other out.
      const seconds = ran.map((r) => Math.floor(r.at / 1000));
      expect(ran.length).toBeGreaterThanOrEqual(3);
      expect(new Set(seconds).size).toBe(ran.length);
      const runs = await db.selectFrom('datacron_runs').select('id').where('datacron_id', '=', id).execute();
      expect(runs).toHaveLength(ran.length);
    } finally {
      await other.close();
    }
  });
});
