import { pollAllCalendarImports } from '../domain/rentals/calendars.service.ts';
import type { JobHandler } from './types.ts';

/**
 * Polls every imported calendar (docs/decisions/060-calendars-that-sync.md) with its validators:
 * unchanged ones answer 304 and move nothing; a failure is stored with its import for the owner.
 */
export const calendarImports: JobHandler = async ({ db, calendarAllowPrivate }) => {
  const counts = await pollAllCalendarImports(db, { allowPrivate: calendarAllowPrivate });
  return `${counts.ok} read, ${counts.not_modified} unchanged, ${counts.error} failed`;
};
