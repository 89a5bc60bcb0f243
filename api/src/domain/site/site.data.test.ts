import { connect } from '@autoroute/db';
import { createTestDatabase, type TestDatabase, testDialect } from '@autoroute/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataVersionsReader } from './site.data.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const bump = (db: TestDatabase['db'], table: 'catalogue_version' | 'site_version') =>
  db
    .updateTable(table)
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .execute();

describe('the page versions (decision 024)', () => {
  it('reads committed changes at once, and never an open transaction’s', async () => {
    const read = dataVersionsReader(t);
    const first = await read();
    // The catalogue's version, the site's, and the day (UTC) since the epoch.
    expect(first).toEqual({
      catalogue: expect.stringMatching(/^\d+$/),
      site: expect.stringMatching(/^\d+$/),
      day: Math.floor(Date.now() / 86_400_000),
    });
    await bump(t.db, 'catalogue_version');
    const second = await read();
    expect(second.catalogue).not.toBe(first.catalogue);
    await t.db.transaction().execute(async (tx) => {
      await bump(tx, 'site_version');
      // Not committed: a page rendered now must not be kept under a version that may be rolled back.
      expect(await read()).toEqual(second);
    });
    expect((await read()).site).not.toBe(second.site);
  });

  it.runIf(testDialect() === 'sqlite')('sees what another process commits to the same file', async () => {
    const read = dataVersionsReader(t);
    const before = await read();
    const other = connect(t.url);
    try {
      await bump(other.db, 'site_version');
    } finally {
      await other.close();
    }
    expect((await read()).site).not.toBe(before.site);
  });
});
