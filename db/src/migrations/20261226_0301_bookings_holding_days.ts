import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { MARKET_STEPS } from '../market.ts';
import { MARKET_GAP_UNKNOWN } from '../schema.ts';

/*
 * The search's "available from … to" (docs/decisions/061-rentals-in-search.md).
 *
 * - For each rental listing, whether a booking that holds the car overlaps the asked days: a
 *   partial index of the holding bookings by (vehicle_id, end_on, start_on) answers it from one
 *   seek per listing, reading only the bookings that end after the first asked day
 *   (bookings_vehicle_span_idx would read the listing's whole past first, a year of bookings, and
 *   each row for its state and days).
 * - What a search finds now depends on bookings, blocks and terms as well as on the listings: a
 *   change of what the search reads of them moves `catalogue_version`, as a listing's change does,
 *   in the writer's own transaction, so that kept searches, kept counts and pages keyed by the
 *   catalogue (docs/decisions/005, 040) are made again.
 */
const WATCHED: [table: string, columns: string[]][] = [
  ['bookings', ['state', 'start_on', 'end_on', 'vehicle_id']],
  ['availability_blocks', ['kind', 'starts_on', 'ends_on', 'weekday', 'vehicle_id']],
  ['rental_terms', ['min_days', 'max_days']],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('bookings_holding_days_idx')
    .on('bookings')
    .columns(['vehicle_id', 'end_on', 'start_on'])
    .where(sql<boolean>`state in ('requested', 'accepted', 'active')`)
    .execute();
  await db
    .updateTable('vehicles')
    .set({
      market_rating: 'unknown',
      market_gap: MARKET_GAP_UNKNOWN,
      market_estimate_minor: null,
      market_low_minor: null,
      market_high_minor: null,
      market_comparables: 0,
      market_step: MARKET_STEPS.length - 1,
    })
    .where('type_id', 'in', db.selectFrom('types').select('id').where('code', 'in', ['rent_day', 'rent_month']))
    .where('market_rating', '!=', 'unknown')
    .execute();
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table, columns] of WATCHED) {
    const of = sql.raw(columns.join(', '));
    if (pg) {
      // catalogue_changed(): the statement-level function of migration 20261125_0002.
      await sql`create trigger ${sql.id(`${table}_search_changed`)} after insert or delete or update of ${of} on ${sql.id(table)}
        for each statement execute function catalogue_changed()`.execute(db);
    } else {
      for (const [name, event] of [
        ['insert', sql`insert`],
        ['delete', sql`delete`],
        ['update', sql`update of ${of}`],
      ] as const) {
        await sql`create trigger ${sql.id(`${table}_search_${name}`)} after ${event} on ${sql.id(table)} begin
          update catalogue_version set version = version + 1;
        end`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table] of WATCHED) {
    if (pg) await sql`drop trigger ${sql.id(`${table}_search_changed`)} on ${sql.id(table)}`.execute(db);
    else for (const name of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.id(`${table}_search_${name}`)}`.execute(db);
  }
  await db.schema.dropIndex('bookings_holding_days_idx').execute();
}
