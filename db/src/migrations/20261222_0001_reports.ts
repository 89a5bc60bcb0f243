import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Notices of illegal or misleading content (EU Digital Services Act art. 16, docs/decisions/051-reports.md):
 * a listing, a seller or a message reported by a member (reporter_user_id) or by a guest who
 * confirmed their address with a code. `reporter_key` is who reported, `user:<id>` or
 * `email:<address>`, so that one unique index refuses the same notice twice from the same person,
 * member or guest, on both engines (a unique index over a nullable user id would not).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('reports')
    .addColumn('id', 'integer', id)
    // 'listing' | 'seller' | 'message'
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('reporter_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reporter_key', 'text', (c) => c.notNull())
    .addColumn('reporter_email', 'text', (c) => c.notNull())
    .addColumn('reporter_name', 'text', (c) => c.notNull())
    // A locale code (`fr_FR`): the reporter is written to in it.
    .addColumn('reporter_language', 'text', (c) => c.notNull())
    .addColumn('good_faith', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('reports_reporter_target_reason_uq')
    .on('reports')
    .columns(['reporter_key', 'target_kind', 'target_id', 'reason'])
    .unique()
    .execute();
  await db.schema.createIndex('reports_target_idx').on('reports').columns(['target_kind', 'target_id']).execute();
  await db.schema.createIndex('reports_reporter_user_id_idx').on('reports').column('reporter_user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').execute();
}
