import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Rentals with bookings (issue 36, docs/decisions/059-rentals-and-bookings.md).
 *
 * - `rental_terms`: one row per rental listing (type rent_day or rent_month): discounts by length,
 *   durations, notice, horizon, buffer, pickup and return, the listing's time zone, deposit, mileage,
 *   driver, cancellation policy, request or instant book, and the secret of its iCal export.
 * - `availability_blocks`: days the owner closed (one-off ranges, or a weekday every week), and the
 *   events of imported calendars (`import_id`, their `uid`); dates are the listing's local days,
 *   `ends_on` exclusive.
 * - `bookings`: one renter's dates on one car and where the booking stands (requested → accepted /
 *   declined / expired / cancelled; accepted → cancelled / active → completed). Its instants are kept
 *   as ISO text like every timestamp, and as minutes since the epoch in `span_from` / `span_to` (the
 *   range plus the buffer) so that PostgreSQL can hold the rule "never two bookings on one car at one
 *   time" itself: an exclusion constraint over (vehicle_id, int8range(span_from, span_to)) for the
 *   states that hold the car (btree_gist). SQLite checks and inserts in one write transaction
 *   (`begin immediate`, db/src/connect.ts), which no other writer can interleave.
 * - `booking_events`: every transition, by whom, with what: the booking's audit trail.
 * - `booking_handovers`: the pickup and return reports of each side (odometer, fuel, photos, damage).
 * - `booking_reminders`: the reminders sent, one per booking and kind.
 * - `booking_reviews`: after a completed rental, the renter reviews the car and its owner, the owner
 *   the renter; each is hidden until both wrote or 14 days passed.
 * - `calendar_imports`: another platform's calendar URL per listing, polled with its validators.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('rental_terms')
    .addColumn('vehicle_id', 'integer', (c) => c.primaryKey().references('vehicles.id').onDelete('cascade'))
    // Percent off the day price from 3, 7 and 30 days.
    .addColumn('discount_3', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount_3 between 0 and 90`))
    .addColumn('discount_7', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount_7 between 0 and 90`))
    .addColumn('discount_30', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount_30 between 0 and 90`))
    .addColumn('min_days', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_days', 'integer', (c) => c.notNull().defaultTo(90))
    .addColumn('notice_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .addColumn('horizon_days', 'integer', (c) => c.notNull().defaultTo(365))
    .addColumn('buffer_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pickup_place', 'text')
    .addColumn('return_place', 'text')
    // Local hours 'HH:MM' between which the car is picked up and returned.
    .addColumn('pickup_from', 'text', (c) => c.notNull().defaultTo('09:00'))
    .addColumn('pickup_until', 'text', (c) => c.notNull().defaultTo('18:00'))
    .addColumn('return_from', 'text', (c) => c.notNull().defaultTo('09:00'))
    .addColumn('return_until', 'text', (c) => c.notNull().defaultTo('18:00'))
    // IANA time zone of the car: its days, hours and reminders are reckoned in it.
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Europe/Paris'))
    .addColumn('deposit_minor', 'integer', (c) => c.notNull().defaultTo(0))
    // Kilometres included per day; null: unlimited.
    .addColumn('km_per_day', 'integer')
    .addColumn('extra_km_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_driver_age', 'integer', (c) => c.notNull().defaultTo(21))
    .addColumn('min_licence_years', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('cancellation', 'text', (c) =>
      c.notNull().defaultTo('moderate').check(sql`cancellation in ('flexible', 'moderate', 'strict')`),
    )
    .addColumn('instant_book', 'integer', (c) => c.notNull().defaultTo(0))
    // The secret in the URL of the listing's iCal export; a new one revokes the old URL.
    .addColumn('ical_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('rental_terms_ical_token_uq').on('rental_terms').column('ical_token').unique().execute();

  await db.schema
    .createTable('calendar_imports')
    .addColumn('id', 'integer', id)
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    // The validators of the last answer, sent back as If-None-Match / If-Modified-Since.
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('polled_at', 'text')
    .addColumn('changed_at', 'text')
    // ok | not_modified | error
    .addColumn('status', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('calendar_imports_vehicle_id_idx').on('calendar_imports').column('vehicle_id').execute();

  await db.schema
    .createTable('availability_blocks')
    .addColumn('id', 'integer', id)
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    // once: [starts_on, ends_on); weekly: every `weekday` (0 Sunday … 6 Saturday) from starts_on, until ends_on if set.
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('once', 'weekly')`))
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text')
    .addColumn('weekday', 'integer', (c) => c.check(sql`weekday between 0 and 6`))
    .addColumn('note', 'text')
    // owner | import
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('owner').check(sql`source in ('owner', 'import')`))
    .addColumn('import_id', 'integer', (c) => c.references('calendar_imports.id').onDelete('cascade'))
    // The imported event's UID; ours are derived from the id.
    .addColumn('uid', 'text')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    // An imported event over one of our bookings: reported to the owner, never cancelling the booking.
    .addColumn('conflict_booking_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('availability_blocks_vehicle_idx').on('availability_blocks').columns(['vehicle_id', 'starts_on']).execute();
  await db.schema
    .createIndex('availability_blocks_import_uid_uq')
    .on('availability_blocks')
    .columns(['import_id', 'uid'])
    .unique()
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'integer', id)
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('renter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('requested', 'accepted', 'declined', 'expired', 'cancelled', 'active', 'completed')`),
    )
    .addColumn('instant', 'integer', (c) => c.notNull().defaultTo(0))
    // The listing's local days: picked up on start_on, returned on end_on.
    .addColumn('start_on', 'text', (c) => c.notNull())
    .addColumn('end_on', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    // Minutes since the epoch: [start, end + buffer), the range the car is held.
    .addColumn('span_from', 'bigint', (c) => c.notNull())
    .addColumn('span_to', 'bigint', (c) => c.notNull().check(sql`span_to > span_from`))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    // JSON: the price's lines as the renter saw them (days × rate, discount, total).
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addColumn('deposit_minor', 'integer', (c) => c.notNull().defaultTo(0))
    // The terms as they were when booked: the policy, the mileage, the places.
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('cancellation', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('conversation_id', 'integer', (c) => c.references('conversations.id').onDelete('set null'))
    .addColumn('expires_at', 'text')
    // none | pending | paid | refunded | partly_refunded | due_at_pickup
    .addColumn('payment_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('payment_ref', 'text')
    .addColumn('refund_minor', 'integer')
    // none | due_at_pickup | held | released | captured
    .addColumn('deposit_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('deposit_ref', 'text')
    .addColumn('deposit_release_at', 'text')
    // renter | owner | admin | system
    .addColumn('cancelled_by', 'text')
    .addColumn('cancel_reason', 'text')
    // iCal SEQUENCE: grows with each change.
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('accepted_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('bookings_vehicle_span_idx').on('bookings').columns(['vehicle_id', 'span_from']).execute();
  await db.schema.createIndex('bookings_owner_idx').on('bookings').columns(['owner_id', 'created_at']).execute();
  await db.schema.createIndex('bookings_renter_idx').on('bookings').columns(['renter_id', 'created_at']).execute();
  await db.schema.createIndex('bookings_state_idx').on('bookings').columns(['state', 'start_at']).execute();
  await db.schema.createIndex('bookings_currency_id_idx').on('bookings').column('currency_id').execute();
  await db.schema.createIndex('bookings_conversation_id_idx').on('bookings').column('conversation_id').execute();
  if (pg) {
    await sql`create extension if not exists btree_gist`.execute(db);
    await sql`alter table bookings add constraint bookings_no_overlap exclude using gist (vehicle_id with =, int8range(span_from, span_to) with &&) where (state in ('requested', 'accepted', 'active'))`.execute(
      db,
    );
  }

  await db.schema
    .createTable('booking_events')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    // renter | owner | admin | system
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    // JSON: what came with the transition (a reason, a refund, a payment).
    .addColumn('detail', 'text')
    .addColumn('at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('booking_events_booking_id_idx').on('booking_events').columns(['booking_id', 'id']).execute();

  await db.schema
    .createTable('booking_handovers')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) => c.notNull().check(sql`stage in ('pickup', 'return')`))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('renter', 'owner')`))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('odometer', 'integer', (c) => c.notNull())
    // Percent of a full tank or charge.
    .addColumn('fuel', 'integer', (c) => c.notNull().check(sql`fuel between 0 and 100`))
    .addColumn('damage', 'text')
    // JSON array of picture ids.
    .addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('booking_handovers_uq').on('booking_handovers').columns(['booking_id', 'stage', 'side']).unique().execute();
  await db.schema.createIndex('booking_handovers_author_id_idx').on('booking_handovers').column('author_id').execute();

  await db.schema
    .createTable('booking_reminders')
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('booking_reminders_pk', ['booking_id', 'kind'])
    .execute();

  await db.schema
    .createTable('booking_reviews')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    // renter: of the car and its owner; owner: of the renter.
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('renter', 'owner')`))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('subject_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('booking_reviews_uq').on('booking_reviews').columns(['booking_id', 'side']).unique().execute();
  await db.schema.createIndex('booking_reviews_author_id_idx').on('booking_reviews').column('author_id').execute();
  await db.schema.createIndex('booking_reviews_subject_id_idx').on('booking_reviews').column('subject_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'booking_reviews',
    'booking_reminders',
    'booking_handovers',
    'booking_events',
    'bookings',
    'availability_blocks',
    'calendar_imports',
    'rental_terms',
  ])
    await db.schema.dropTable(table).execute();
}
