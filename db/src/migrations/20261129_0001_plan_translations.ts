import type { Kysely } from 'kysely';

const TABLES = ['cart_groups', 'carts', 'cart_details'] as const;
const COLUMNS = ['name_i18n', 'description_i18n'] as const;

/*
 * Plans in every language, like the other reference data: a JSON object locale → text beside the
 * plain name and description, which stay the fallback. One column per statement: SQLite's ALTER
 * TABLE adds one at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of COLUMNS) await db.schema.alterTable(table).addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
