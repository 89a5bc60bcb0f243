import { JOB_HANDLERS as JOB_NAMES } from '@autoroute/contract/resources';
import type { JobHandlerName } from '@autoroute/db';
import { backupDatabase } from './backup-database.ts';
import { bookingClock } from './booking-clock.ts';
import { calendarImports } from './calendar-imports.ts';
import { expireSubscriptions } from './expire-subscriptions.ts';
import { purgeExpired } from './purge-expired.ts';
import { recomputeStats } from './recompute-stats.ts';
import { refreshMarketRatings } from './refresh-market-ratings.ts';
import { reviewInvitations } from './review-invitations.ts';
import { savedSearchAlerts } from './saved-search-alerts.ts';
import { sendNotificationMail } from './send-notification-mail.ts';
import type { JobHandler } from './types.ts';

/**
 * The jobs are code: each datacron row names one of these handlers and says when it runs. A row
 * naming no handler here records an error when it runs.
 */
// The names are declared with the datacron resource (the admin form offers them): one handler each,
// typed by the name the seed's default schedules are (db/src/jobs.ts).
export const JOB_HANDLERS: Readonly<Record<JobHandlerName, JobHandler>> = {
  'purge-expired': purgeExpired,
  'expire-subscriptions': expireSubscriptions,
  'recompute-stats': recomputeStats,
  'backup-database': backupDatabase,
  'send-notification-mail': sendNotificationMail,
  'saved-search-alerts': savedSearchAlerts,
  'refresh-market-ratings': refreshMarketRatings,
  'review-invitations': reviewInvitations,
  'booking-clock': bookingClock,
  'calendar-imports': calendarImports,
};

/** The handler names a datacron may use (for validating the admin form). */
export const jobHandlerNames = (): string[] => [...JOB_NAMES];

export { CRON_OPTIONS, isValidCron, nextRun } from '@autoroute/contract/cron';
