import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/** Every reference list a vehicle form or a search filter needs, in one round of queries. */
export async function loadReferenceLists(db: Db) {
  const named = (table: 'categories' | 'types' | 'fuel_types' | 'transmissions' | 'options' | 'themes' | 'providers') =>
    db.selectFrom(table).select(['id', 'code', 'name', 'name_i18n']).orderBy('id').execute();
  const [
    categories,
    types,
    fuelTypes,
    transmissions,
    options,
    themes,
    providers,
    colors,
    countries,
    cities,
    currencies,
    makes,
    models,
    languages,
  ] = await Promise.all([
    named('categories'),
    named('types'),
    named('fuel_types'),
    named('transmissions'),
    named('options'),
    named('themes'),
    named('providers'),
    db.selectFrom('colors').select(['id', 'code', 'name', 'name_i18n', 'hex']).orderBy('id').execute(),
    db.selectFrom('countries').select(['id', 'code', 'name', 'name_i18n']).orderBy('name').execute(),
    db.selectFrom('cities').select(['id', 'name', 'name_i18n', 'country_id']).orderBy('name').execute(),
    db
      .selectFrom('currencies')
      .select(['id', 'code', 'name', 'name_i18n', 'symbol', 'minor_units', 'country_id', 'rate'])
      .orderBy('code')
      .execute(),
    db.selectFrom('makes').select(['id', 'name']).orderBy('name').execute(),
    db.selectFrom('models').select(['id', 'make_id', 'name', 'category_id']).orderBy('name').execute(),
    db.selectFrom('languages').select(['id', 'code', 'name']).orderBy('id').execute(),
  ]);
  return {
    categories,
    types,
    fuelTypes,
    transmissions,
    options,
    themes,
    providers,
    colors,
    countries,
    cities,
    currencies,
    makes,
    models,
    languages,
  };
}
