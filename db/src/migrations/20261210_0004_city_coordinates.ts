import type { Kysely } from 'kysely';
import { cityCoordinates } from '../seed/data/coordinates.ts';

/*
 * Where each city is (issue 17: search around a city). Degrees, WGS 84; null while unknown, and an
 * administrator can fill or correct them in the back office. The cities an existing installation
 * was seeded with are placed here; a new installation's get theirs from the seed. (A city's place
 * does not change: this list is not a schema that could drift from later migrations.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cities').addColumn('latitude', 'double precision').execute();
  await db.schema.alterTable('cities').addColumn('longitude', 'double precision').execute();
  for (const [name, [latitude, longitude]] of Object.entries(cityCoordinates)) {
    await db.updateTable('cities').set({ latitude, longitude }).where('name', '=', name).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cities').dropColumn('longitude').execute();
  await db.schema.alterTable('cities').dropColumn('latitude').execute();
}
