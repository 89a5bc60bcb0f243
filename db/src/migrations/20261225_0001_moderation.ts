import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * The moderation queue (trust & safety, docs/decisions/057-moderation.md).
 *
 * - `moderation_cases`: what the team decides about, one target (a listing, a seller, a message or a
 *   review) gathering its reports; open → in review → decided → appealed → closed. At most one case
 *   open or in review per target (a partial unique index on both engines): a new report joins it.
 * - `moderation_decisions`: each decision on a case, the first one and the one on an appeal, with its
 *   ground (a clause of the terms or a law), the facts, whether it was automated, and the statement of
 *   reasons as it was sent to the person concerned, in their language (DSA art. 17).
 * - `reports.case_id` and the report's outcome; `reporter_standing`: the notices a reporter filed that
 *   were found manifestly unfounded, and a suspension of their reports (DSA art. 23).
 * - `vehicles.moderation`: published, pending (waits for a moderator), held or removed. A listing not
 *   published is out of every public read: its `sold` flag, which the search's indexes lead with, is 2
 *   (withheld) while it is, and back to 0 or 1 (as `sold_at` says) when published again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .alterTable('vehicles')
    .addColumn('moderation', 'text', (c) => c.notNull().defaultTo('published'))
    .execute();

  await db.schema
    .createTable('moderation_cases')
    .addColumn('id', 'integer', id)
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    // Whose content it is (the seller, the sender, the author): told the decision, may appeal.
    .addColumn('subject_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // What the queue showed of the target when the case opened (a title, a name), for after it is gone.
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status in ('open', 'in_review', 'decided', 'appealed', 'closed')`),
    )
    .addColumn('risk', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reporters', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('appeal', 'text')
    .addColumn('appealed_at', 'text')
    .addColumn('opened_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await sql`create unique index moderation_cases_active_target_uq on moderation_cases (target_kind, target_id) where status in ('open', 'in_review')`.execute(
    db,
  );
  await db.schema.createIndex('moderation_cases_queue_idx').on('moderation_cases').columns(['status', 'risk', 'opened_at']).execute();
  await db.schema.createIndex('moderation_cases_target_idx').on('moderation_cases').columns(['target_kind', 'target_id']).execute();
  await db.schema.createIndex('moderation_cases_subject_user_id_idx').on('moderation_cases').column('subject_user_id').execute();
  await db.schema.createIndex('moderation_cases_assignee_id_idx').on('moderation_cases').column('assignee_id').execute();

  await db.schema
    .createTable('moderation_decisions')
    .addColumn('id', 'integer', id)
    .addColumn('case_id', 'integer', (c) => c.notNull().references('moderation_cases.id').onDelete('cascade'))
    // 'decision' | 'appeal'
    .addColumn('stage', 'text', (c) => c.notNull())
    // no_action | warn | hold | remove | suspend; on an appeal: upheld | reversed
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('ground', 'text')
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('automated', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 when the reports were found manifestly unfounded: each reporter's standing counts it.
    .addColumn('unfounded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('language', 'text')
    .addColumn('statement', 'text')
    .addColumn('decided_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('moderation_decisions_case_id_idx').on('moderation_decisions').column('case_id').execute();
  await db.schema.createIndex('moderation_decisions_decided_by_idx').on('moderation_decisions').column('decided_by').execute();

  await db.schema
    .alterTable('reports')
    .addColumn('case_id', 'integer', (c) => c.references('moderation_cases.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('reports_case_id_idx').on('reports').column('case_id').execute();

  await db.schema
    .createTable('reporter_standing')
    .addColumn('reporter_key', 'text', (c) => c.primaryKey())
    .addColumn('unfounded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('suspended_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reporter_standing').execute();
  await db.schema.dropIndex('reports_case_id_idx').execute();
  await db.schema.alterTable('reports').dropColumn('case_id').execute();
  await db.schema.dropTable('moderation_decisions').execute();
  await db.schema.dropTable('moderation_cases').execute();
  await db.schema.alterTable('vehicles').dropColumn('moderation').execute();
}
