import type { Database } from '@autoroute/db';
import { type Kysely, sql } from 'kysely';
import type { FacetName } from './criteria.data.ts';

type Db = Kysely<Database>;

/** Every city with its coordinates, for a search around one (issue 17). */
export function placedCities(db: Db) {
  return db
    .selectFrom('cities')
    .select(['id', 'latitude', 'longitude'])
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .execute() as Promise<{ id: number; latitude: number; longitude: number }[]>;
}

export async function cityExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('cities').select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * Names of the reference values the id facets count, in one round trip. Cities are named only
 * for the chosen country: a city is picked after its country, and the world's cities would be a
 * long list to read on every search.
 */
export async function facetReferences(db: Db, countryId: number | undefined) {
  const from = (table: 'categories' | 'types' | 'fuel_types' | 'transmissions' | 'colors' | 'countries', facet: FacetName) =>
    db.selectFrom(table).select([sql.lit(facet).as('facet'), 'id', 'name', 'name_i18n']);
  return from('categories', 'categoryId')
    .unionAll(from('types', 'typeId'))
    .unionAll(from('fuel_types', 'fuelTypeId'))
    .unionAll(from('transmissions', 'transmissionId'))
    .unionAll(from('colors', 'colorId'))
    .unionAll(from('countries', 'countryId'))
    .unionAll(
      db
        .selectFrom('cities')
        .select([sql.lit<FacetName>('cityId').as('facet'), 'id', 'name', 'name_i18n'])
        .where('country_id', '=', countryId ?? 0),
    )
    .execute();
}

/** The id of the type of this code (`sale`, `rent_day`, `rent_month`); undefined when there is none. */
export async function typeIdOf(db: Db, code: string): Promise<number | undefined> {
  return (await db.selectFrom('types').select('id').where('code', '=', code).executeTakeFirst())?.id;
}

/** The currency prices are asked in, with its minor units and rate; undefined when there is none. */
export function findCurrency(db: Db, id: number) {
  return db.selectFrom('currencies').select(['id', 'minor_units', 'rate']).where('id', '=', id).executeTakeFirst();
}
