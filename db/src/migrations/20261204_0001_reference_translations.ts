import type { Kysely } from 'kysely';
import { cityNames } from '../seed/data/cities.ts';
import { countries, providers } from '../seed/data/reference.ts';

/*
 * City names in every language, like countries and colours: a JSON object locale → name beside
 * the plain name, which stays the fallback and the unique key. The cities the seed creates, and
 * the notification providers it offers (whose names had no translations), get their names filled
 * in here, so a database seeded before this migration shows them too; a row an administrator
 * added, or whose translations they set, is left as it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cities').addColumn('name_i18n', 'text').execute();
  const known = await db.selectFrom('countries').select(['id', 'code']).execute();
  const countryId = new Map(known.map((c) => [c.code as string, c.id as number]));
  for (const country of countries) {
    const id = countryId.get(country.code);
    if (id === undefined) continue;
    for (const name of new Set(country.cities)) {
      await db
        .updateTable('cities')
        .set({ name_i18n: JSON.stringify(cityNames[name]) })
        .where('country_id', '=', id)
        .where('name', '=', name)
        .where('name_i18n', 'is', null)
        .execute();
    }
  }
  for (const provider of providers) {
    await db
      .updateTable('providers')
      .set({ name_i18n: JSON.stringify(provider.name) })
      .where('code', '=', provider.code)
      .where('name', '=', provider.name.en_US)
      .where('name_i18n', 'is', null)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cities').dropColumn('name_i18n').execute();
}
