import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataVersionsReader, listingVersionsReader } from '../../../domain/site/site.data.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../testing.ts';

// Issue 32 (decision 040): a listing's page is keyed by the version of what it shows, moved by the
// database's triggers in the same transaction as the change, whoever makes it (here: straight in the
// database, as the back office, a job or psql would), and by nothing else.
let t: TestApp;
let listing: { id: number; ownerId: number };
let other: number;
let member: TestMember;
let read: (ids: readonly number[]) => Promise<string>;

beforeAll(async () => {
  t = await createTestApp({ vehicles: 6 });
  const rows = await t.database.db.selectFrom('vehicles').select(['id', 'owner_id']).orderBy('id').execute();
  const first = rows[0]!;
  listing = { id: first.id, ownerId: first.owner_id };
  // A listing of another seller: the seller's rename must not move it.
  other = rows.find((r) => r.owner_id !== first.owner_id)!.id;
  member = await t.member('versions');
  read = listingVersionsReader(t.database);
});
afterAll(() => t.destroy());

const versions = async () => {
  const stamp = await read([listing.id, other]);
  const [mine, theirs] = stamp.split(',').map((part) => Number(part.split(':')[1]));
  return { mine: mine!, theirs: theirs! };
};

/** Runs `change` and answers how the listing's, the other listing's, the catalogue's and the site's versions moved. */
async function moved(change: () => Promise<unknown>) {
  const global = dataVersionsReader(t.database);
  const [before, g] = [await versions(), await global()];
  await change();
  const [after, h] = [await versions(), await global()];
  return {
    listing: after.mine > before.mine,
    other: after.theirs > before.theirs,
    catalogue: h.catalogue !== g.catalogue,
    site: h.site !== g.site,
  };
}

describe("a listing's version (migration 20261213_0001)", () => {
  it('reads as id:version each, 0 for a listing without a change recorded', async () => {
    expect(await read([listing.id, 2_000_000_000])).toMatch(new RegExp(`^${listing.id}:\\d+,2000000000:0$`));
  });

  it('moves with its row, and only its own', async () => {
    expect(
      await moved(() => t.database.db.updateTable('vehicles').set({ price_minor: 1_234_500 }).where('id', '=', listing.id).execute()),
    ).toEqual({ listing: true, other: false, catalogue: true, site: false });
  });

  it('moves with its pictures and options, which cards show too: the catalogue moves, not the site', async () => {
    const picture = await t.database.db
      .selectFrom('pictures')
      .select(['id', 'position'])
      .where('vehicle_id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(
      await moved(() =>
        t.database.db
          .updateTable('pictures')
          .set({ position: picture.position + 100 })
          .where('id', '=', picture.id)
          .execute(),
      ),
    ).toEqual({ listing: true, other: false, catalogue: true, site: false });
    const option = await t.database.db.selectFrom('options').select('id').executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('vehicle_options').where('vehicle_id', '=', listing.id).where('option_id', '=', option.id).execute();
    expect(
      await moved(() => t.database.db.insertInto('vehicle_options').values({ vehicle_id: listing.id, option_id: option.id }).execute()),
    ).toEqual({ listing: true, other: false, catalogue: true, site: false });
  });

  it('moves with a like through the API, and nothing any other page shows does', async () => {
    const like = () => t.request(`/api/v1/vehicles/${listing.id}/like`, { method: 'POST', headers: member.headers });
    expect(await moved(async () => expect((await like()).status).toBe(201))).toEqual({
      listing: true,
      other: false,
      catalogue: false,
      site: false,
    });
  });

  it("moves with its seller's public name for every listing of theirs, not with a sign-in", async () => {
    expect(
      await moved(() => t.database.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', listing.ownerId).execute()),
    ).toEqual({ listing: true, other: false, catalogue: true, site: false });
    expect(
      await moved(() =>
        t.database.db.updateTable('users').set({ last_login_at: new Date().toISOString() }).where('id', '=', listing.ownerId).execute(),
      ),
    ).toEqual({ listing: false, other: false, catalogue: false, site: false });
  });

  it('moves when a reference table changes the site, for every page', async () => {
    expect(await moved(() => t.database.db.updateTable('colors').set({ hex: '#123456' }).where('id', '=', 1).execute())).toEqual({
      listing: false,
      other: false,
      catalogue: false,
      site: true,
    });
  });

  it('moves at its deletion, so a page kept before is never taken for it', async () => {
    const doomed = await t.database.db.selectFrom('vehicles').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const before = await read([doomed.id]);
    await t.database.db.deleteFrom('vehicles').where('id', '=', doomed.id).execute();
    expect(await read([doomed.id])).not.toBe(before);
  });
});
