import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

/*
 * The back office's audit log (docs/decisions/020-audit-log.md): one row per write made through the
 * admin API, written in the same transaction as the write. `user_id` is not a foreign key: the log
 * is history, and an administrator deleted later still did what they did. `record_id` is text (the
 * settings are the record `site`); `before` and `after` are JSON, secrets redacted.
 *
 * Databases seeded before this migration get `admin.audit.*` for ADMIN and SUPADMIN here; a new
 * database has no roles yet, and the seed grants them from the permission list.
 */

const PERMISSIONS = ['index', 'create', 'update', 'delete'].map((a) => `admin.audit.${a}`);
const ROLES = ['ADMIN', 'SUPADMIN'];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_resource_record_idx').on('audit_log').columns(['resource', 'record_id']).execute();
  await db.schema.createIndex('audit_log_user_id_idx').on('audit_log').column('user_id').execute();

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
  await db.schema.dropTable('audit_log').execute();
}
