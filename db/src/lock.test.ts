import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from './connect.ts';
import { BootLockTimeout, withBootLock } from './lock.ts';
import { migrateToLatest } from './migrate.ts';
import { mediaFolder, seed } from './seed/index.ts';
import { createTestDatabase, type TestDatabase, testDialect } from './testing.ts';

let empty: TestDatabase;
beforeAll(async () => {
  empty = await createTestDatabase({ migrate: false });
});
afterAll(() => empty.destroy());

const count = async (db: Db, table: 'languages' | 'users' | 'vehicles' | 'roles') =>
  Number((await db.db.selectFrom(table).select(db.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** What each server process does at start (api/src/server/boot.ts), on its own connection. */
const boot = (db: Db) =>
  withBootLock(db, async () => ({
    applied: await migrateToLatest(db.db),
    report: await seed(db.db, {
      demo: true,
      vehicles: 30,
      media: mediaFolder(path.join(empty.dir, 'media')),
      admin: { email: 'boss@example.test', password: 'correct horse battery' },
    }),
  }));

describe(`processes starting together on an empty database (${testDialect()})`, () => {
  it('migrate and seed one at a time: all come up, the data is there once', async () => {
    const processes = [connect(empty.url), connect(empty.url), connect(empty.url)];
    try {
      const results = await Promise.all(processes.map(boot));
      // Exactly one found the database empty; the others found the work done.
      expect(results.filter((r) => r.applied.length > 0)).toHaveLength(1);
      expect(results.filter((r) => r.report.reference)).toHaveLength(1);
      expect(results.filter((r) => r.report.admin)).toHaveLength(1);
      expect(results.map((r) => r.report.vehicles).sort()).toEqual([0, 0, 30]);
      expect(await count(processes[0]!, 'languages')).toBe(8);
      expect(await count(processes[1]!, 'vehicles')).toBe(30);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
  });

  it('let go of the lock when the work fails, undoing what it wrote on SQLite', async () => {
    const first = connect(empty.url);
    const second = connect(empty.url);
    try {
      const failing = withBootLock(first, async () => {
        await first.db
          .insertInto('languages')
          .values({ code: 'xx_XX', name: 'Test', description: 'Test', description_i18n: '{}' })
          .execute();
        throw new Error('seed failed half-way');
      });
      await expect(failing).rejects.toThrow('seed failed half-way');
      // The next process is not kept waiting.
      const languages = await withBootLock(second, () => count(second, 'languages'));
      expect(languages).toBe(testDialect() === 'sqlite' ? 8 : 9);
      await second.db.deleteFrom('languages').where('code', '=', 'xx_XX').execute();
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe(`a boot lock that is never let go (${testDialect()})`, () => {
  it('ends the wait after BOOT_LOCK_WAIT_MS with an error saying what holds it, and the lock works again once free', async () => {
    const holder = connect(empty.url);
    const starting = connect(empty.url);
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    try {
      // Another process's boot (on its own connection) that hangs with the lock held.
      const holding = withBootLock(holder, async () => {
        held();
        await released;
      });
      await isHeld;
      const started = Date.now();
      const waiting = withBootLock(starting, async () => 'never', { waitMs: 300 });
      await expect(waiting).rejects.toBeInstanceOf(BootLockTimeout);
      await expect(waiting).rejects.toThrow(
        testDialect() === 'postgres'
          ? /^another process held the boot lock for more than 0\.3 s \(BOOT_LOCK_WAIT_MS\): .*pg_locks/
          : /^another process held the boot lock for more than 0\.3 s \(BOOT_LOCK_WAIT_MS\): .*write transaction/,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(Date.now() - started).toBeLessThan(5000);
      release();
      await holding;
      expect(await withBootLock(starting, async () => 'mine', { waitMs: 300 })).toBe('mine');
    } finally {
      release();
      await Promise.all([holder.close(), starting.close()]);
    }
  });
});
