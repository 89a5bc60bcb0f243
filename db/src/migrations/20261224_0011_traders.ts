import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Traders' identity (DSA art. 30-31, issue 35 item 4, docs/decisions/054): a professional seller
 * enters their legal name, address, registration number and contact; the row is `pending` until an
 * administrator checks it (`verified`) or refuses it with a reason (`refused`). Changing verified
 * details makes them pending again. Verified details are shown on the seller's page and listings.
 *
 * Seller pages (`/sellers/{id}`, kept like the other public reads) are keyed by the catalogue's
 * version: what they show besides listings moves it here, in the same transaction as the change —
 * a review written, published or answered, trader details checked, and the seller's badges and
 * standing (email verified, phone, suspension, a linked SMS or WhatsApp number). Trader details
 * move the seller's listings' versions too: a listing's page shows them.
 */
const USER_COLUMNS = ['status', 'email_verified_at', 'phone'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;
const CATALOGUE_TABLES = ['reviews', 'traders', 'user_providers'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('traders')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('registration_number', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'verified', 'refused')`))
    // Why an administrator refused them, told to the seller.
    .addColumn('refusal_reason', 'text')
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    // The administrator who decided; not a foreign key, like the audit log.
    .addColumn('decided_by', 'integer')
    .execute();
  await db.schema.createIndex('traders_status_idx').on('traders').columns(['status', 'submitted_at']).execute();
  const userColumns = sql.join(USER_COLUMNS.map((c) => sql.id(c)));
  if (pg) {
    for (const table of CATALOGUE_TABLES) {
      await sql`create trigger ${sql.id(`${table}_catalogue_changed`)} after insert or update or delete or truncate on ${sql.id(table)}
        for each statement execute function catalogue_changed()`.execute(db);
    }
    await sql`create trigger users_seller_page_changed after update of ${userColumns} on users for each row
      when ((old.status, old.email_verified_at, old.phone) is distinct from (new.status, new.email_verified_at, new.phone))
      execute function catalogue_changed()`.execute(db);
    await sql`create function traders_listing_changed() returns trigger language plpgsql as $$
      begin
        insert into vehicle_versions (vehicle_id, version)
          select id, 1 from vehicles where owner_id = coalesce(new.user_id, old.user_id)
          on conflict (vehicle_id) do update set version = vehicle_versions.version + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger traders_listing_changed after insert or update or delete on traders
      for each row execute function traders_listing_changed()`.execute(db);
  } else {
    for (const table of CATALOGUE_TABLES) {
      for (const event of EVENTS) {
        await sql`create trigger ${sql.id(`${table}_catalogue_${event}`)} after ${sql.raw(event)} on ${sql.id(table)} begin
          update catalogue_version set version = version + 1;
        end`.execute(db);
      }
    }
    await sql`create trigger users_seller_page_update after update of ${userColumns} on users
      when old.status is not new.status or old.email_verified_at is not new.email_verified_at or old.phone is not new.phone
      begin
        update catalogue_version set version = version + 1;
      end`.execute(db);
    for (const event of EVENTS) {
      const row = event === 'delete' ? 'old' : 'new';
      await sql
        .raw(`create trigger traders_listing_${event} after ${event} on traders begin
          insert into vehicle_versions (vehicle_id, version) select id, 1 from vehicles where owner_id = ${row}.user_id and true
            on conflict (vehicle_id) do update set version = version + 1;
        end`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    for (const table of CATALOGUE_TABLES)
      await sql`drop trigger if exists ${sql.id(`${table}_catalogue_changed`)} on ${sql.id(table)}`.execute(db);
    await sql`drop trigger if exists users_seller_page_changed on users`.execute(db);
    await sql`drop trigger if exists traders_listing_changed on traders`.execute(db);
    await sql`drop function if exists traders_listing_changed()`.execute(db);
  } else {
    for (const table of CATALOGUE_TABLES)
      for (const event of EVENTS) await sql`drop trigger if exists ${sql.id(`${table}_catalogue_${event}`)}`.execute(db);
    await sql`drop trigger if exists users_seller_page_update`.execute(db);
    for (const event of EVENTS) await sql`drop trigger if exists ${sql.id(`traders_listing_${event}`)}`.execute(db);
  }
  await db.schema.dropTable('traders').execute();
}
