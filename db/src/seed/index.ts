import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { ensureAdmin } from './accounts.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { count } from './insert.ts';
import type { PictureStore } from './pictures.ts';
import { seedReference } from './reference.ts';
import { seedDemoBookings } from './rentals.ts';

type Db = Kysely<Database>;

// The seed by concern: reference.ts (reference data, roles, plans, jobs, settings), accounts.ts (the
// administrator and the demo sellers), demo-catalogue.ts (the demo listings, rated by market.ts).

export { DEMO_PASSWORD } from './data/sellers.ts';
export type { DemoOptions } from './demo-catalogue.ts';
export { mediaFolder, type PictureStore } from './pictures.ts';
export { ensureAdmin, seedDemoCatalogue, seedReference };

export interface SeedOptions {
  demo: boolean;
  vehicles: number;
  media: PictureStore;
  admin: { email: string; password?: string | undefined };
}

export interface SeedReport {
  reference: boolean;
  admin: { email: string; password: string } | null;
  vehicles: number;
}

/** What `npm start` does on every start: fills an empty database, never touches a populated one. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedReport> {
  const reference = await seedReference(db);
  const admin = await ensureAdmin(db, options.admin);
  let vehicles = 0;
  if (options.demo && reference && (await count(db, 'vehicles')) === 0) {
    vehicles = await seedDemoCatalogue(db, { vehicles: options.vehicles, media: options.media });
    // The rental company's bookings and blocks around today: the demo's, not the tests' catalogue.
    await seedDemoBookings(db);
  }
  return { reference, admin, vehicles };
}
