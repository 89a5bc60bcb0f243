import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from './testing.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const colours = () => t.db.selectFrom('colors').select(({ fn }) => fn.countAll<number>().as('n'));

describe('a long read (Db.longRead)', () => {
  it('reads what is committed, never what an open transaction has not committed yet', async () => {
    const before = (await t.longRead(colours().compile()))[0]!.n;
    await t.db
      .transaction()
      .execute(async (tx) => {
        await tx.insertInto('colors').values({ code: 'long-read', name: 'Long read', hex: '#123456' }).execute();
        expect(Number((await t.longRead(colours().compile()))[0]!.n)).toBe(Number(before));
        throw new Error('rolled back');
      })
      .catch(() => {});
    await t.db.insertInto('colors').values({ code: 'long-read', name: 'Long read', hex: '#123456' }).execute();
    expect(Number((await t.longRead(colours().compile()))[0]!.n)).toBe(Number(before) + 1);
  });

  it('fails a bad query with the engine’s message, and reads again after it', async () => {
    await expect(t.longRead(sql`select * from no_such_table`.compile(t.db))).rejects.toThrow(/no_such_table/);
    expect(await t.longRead(sql<{ one: number }>`select 1 as one`.compile(t.db))).toEqual([{ one: 1 }]);
  });

  // better-sqlite3 holds the thread it reads on: a search's counts at a million listings stopped every request for half a second.
  it.runIf(testDialect() === 'sqlite')('leaves the event loop free while SQLite reads', async () => {
    const long = sql<{
      n: number;
    }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      const reading = t.longRead(long.compile(t.db));
      expect(await reading).toEqual([{ n: 3_000_000 }]);
    } finally {
      clearInterval(timer);
    }
    // On the request thread, the read would have run through before the first tick.
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  // A worker's handle stops holding the process open once it is told to stop, while its read runs on.
  it.runIf(testDialect() === 'sqlite')('closes while a read is under way, and a script that awaits it goes on', () => {
    const connectModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'connect.ts');
    const script = `
      const { connect } = await import(${JSON.stringify(connectModule)});
      const { sql } = await import('kysely');
      const database = connect(${JSON.stringify(path.join(t.dir, 'closing.db'))});
      const reading = database.longRead(sql\`with recursive c(x) as (select 1 union all select x + 1 from c where x < 10000000) select count(*) as n from c\`.compile(database.db));
      reading.catch(() => {});
      // Well into the read: the worker starts in about 50 ms, the read takes over a second.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await database.close();
      console.log('closed');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({ status: 0, stdout: 'closed' });
  });
});
