import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPAND_ONLY_AFTER, unmarkedContractSteps } from './migration-rules.ts';
import { migrations } from './migrations/index.ts';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

describe('migrations are expand-then-contract (docs/decisions/002)', () => {
  it('no migration after the baseline drops or renames a table or column without a contract marker', () => {
    const names = Object.keys(migrations).sort();
    expect(names).toContain(EXPAND_ONLY_AFTER);
    const steps = names
      .filter((name) => name > EXPAND_ONLY_AFTER)
      .flatMap((name) =>
        unmarkedContractSteps(readFileSync(path.join(folder, `${name}.ts`), 'utf8')).map(
          (s) => `${name}.ts:${s.line}: ${s.what} (${s.text}) — drop or rename a release later, marked // contract: <why>`,
        ),
      );
    expect(steps).toEqual([]);
  });

  it('finds the column drop written before the rule (notifications.priority, 20261129_0003)', () => {
    const source = readFileSync(path.join(folder, '20261129_0003_support_requests.ts'), 'utf8');
    expect(unmarkedContractSteps(source).map((s) => s.what)).toEqual(['dropColumn']);
  });

  const sample = (up: string, down = "  await db.schema.dropTable('offers').execute();") =>
    `import type { Kysely } from 'kysely';\n\n/* A drop table in a comment is no statement. */\nexport async function up(db: Kysely<any>): Promise<void> {\n${up}\n}\n\nexport async function down(db: Kysely<any>): Promise<void> {\n${down}\n}\n`;

  it('finds the drops and renames of a sample migration, in the builder or in SQL, on the right line', () => {
    const found = unmarkedContractSteps(
      sample(
        [
          "  await db.schema.createTable('offers').addColumn('id', 'integer').execute();",
          '  await db.schema',
          "    .alterTable('vehicles')",
          "    .dropColumn('mileage')",
          '    .execute();',
          "  await db.schema.alterTable('users').renameColumn('username', 'handle').execute();",
          "  await db.schema.alterTable('plans').renameTo('offers_old').execute();",
          "  await db.schema.dropTable('likes').ifExists().execute();",
          '  await sql`alter table vehicles rename column price to price_minor`.execute(db);',
          '  await sql`DROP TABLE cities`.execute(db);',
        ].join('\n'),
      ),
    );
    expect(found.map((s) => [s.line, s.what])).toEqual([
      [8, 'dropColumn'],
      [10, 'renameColumn'],
      [11, 'renameTo'],
      [12, 'dropTable'],
      [13, 'rename'],
      [14, 'drop table'],
    ]);
  });

  it('lets expansions, index and trigger drops, the down function and a marked contract step pass', () => {
    const found = unmarkedContractSteps(
      sample(
        [
          "  await db.schema.alterTable('vehicles').addColumn('colour', 'text').execute();",
          "  await db.schema.dropIndex('vehicles_old_idx').execute();",
          '  await sql`drop trigger if exists likes_site_changed on likes`.execute(db);',
          '  // contract: nothing reads vehicles.legacy_price since release 2026.12 (expanded in 20261212_0002)',
          '  await db.schema',
          "    .alterTable('vehicles')",
          "    .dropColumn('legacy_price')",
          '    .execute();',
        ].join('\n'),
      ),
    );
    expect(found).toEqual([]);
  });

  it('a marker covers its one statement, and says why or is no marker', () => {
    const found = unmarkedContractSteps(
      sample(
        [
          '  // contract: offers_draft is unread since 2026.12',
          "  await db.schema.dropTable('offers_draft').execute();",
          "  await db.schema.dropTable('offers').execute();",
          '  // contract:',
          "  await db.schema.dropTable('plans').execute();",
        ].join('\n'),
      ),
    );
    expect(found.map((s) => s.text)).toEqual([
      "await db.schema.dropTable('offers').execute();",
      "await db.schema.dropTable('plans').execute();",
    ]);
  });
});
