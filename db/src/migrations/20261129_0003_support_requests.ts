import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Requests to our support team (docs/decisions/013-support-requests.md): from a member (user_id) or a
 * guest (null, name and email typed in), marked priority when the member's plan in force had
 * priority support. The triage index serves the back office's default order: open first, priority
 * first, oldest first.
 *
 * Priority support used to mark buyers' messages to a seller (`notifications.priority`), which no
 * screen showed: that column goes.
 *
 * Databases seeded before this migration get the new permissions for ADMIN and SUPADMIN here; a new
 * database has no roles yet, and the seed grants them from the permission list.
 */

const PERMISSIONS = ['admin.support.index', 'admin.support.create', 'admin.support.update', 'admin.support.delete'];
const ROLES = ['ADMIN', 'SUPADMIN'];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('support_requests')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('support_requests_user_id_idx').on('support_requests').column('user_id').execute();
  // 'open' sorts after 'closed': descending puts it first.
  await db.schema
    .createIndex('support_requests_triage_idx')
    .on('support_requests')
    .columns(['status desc', 'priority desc', 'created_at', 'id'])
    .execute();

  await db.schema.alterTable('notifications').dropColumn('priority').execute();

  const roles = await db.selectFrom('roles').select('id').where('name', 'in', ROLES).execute();
  if (roles.length === 0) return;
  const known = await db.selectFrom('permissions').select('name').where('name', 'in', PERMISSIONS).execute();
  const missing = PERMISSIONS.filter((name) => !known.some((k) => k.name === name));
  if (missing.length) {
    await db
      .insertInto('permissions')
      .values(missing.map((name) => ({ name })))
      .execute();
  }
  const permissions = await db.selectFrom('permissions').select('id').where('name', 'in', PERMISSIONS).execute();
  const held = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'permission_id'])
    .where(
      'role_id',
      'in',
      roles.map((r) => r.id),
    )
    .where(
      'permission_id',
      'in',
      permissions.map((p) => p.id),
    )
    .execute();
  const grants = roles.flatMap((r) =>
    permissions
      .filter((p) => !held.some((h) => h.role_id === r.id && h.permission_id === p.id))
      .map((p) => ({ role_id: r.id, permission_id: p.id })),
  );
  if (grants.length) await db.insertInto('role_permissions').values(grants).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Grants go with their permissions (role_permissions cascades).
  await db.deleteFrom('permissions').where('name', 'in', PERMISSIONS).execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropTable('support_requests').execute();
}
