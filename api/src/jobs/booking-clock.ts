import { runBookingClock } from '../domain/rentals/bookings.service.ts';
import type { JobHandler } from './types.ts';

/**
 * What time does to bookings (docs/decisions/059-rentals-and-bookings.md): requests expire, both
 * sides are reminded of the pickup and the return, past rentals complete, held deposits are
 * released. Each step is claimed in the database, so two processes running it change nothing twice.
 */
export const bookingClock: JobHandler = async ({ db, cards }) => {
  const done = await runBookingClock(db, new Date(), cards);
  const parts = Object.entries(done).map(([k, n]) => `${k} ${n}`);
  return parts.length ? `Bookings: ${parts.join(', ')}.` : 'No booking was due.';
};
