import { JOB_HANDLERS } from '@autoroute/contract/resources';

/**
 * The name of a scheduled job's handler, which a datacron row names. The names are listed once, in
 * the contract (the console's datacron form offers them); the API's registry maps each to its code
 * (api/src/jobs/registry.ts) and a new database schedules each as below: both are typed by this
 * name, so a job missing from either, or one too many, does not compile.
 */
export type JobHandlerName = (typeof JOB_HANDLERS)[number];

/** Operator text, in English, like the server log (docs/decisions/009). */
interface DefaultSchedule {
  name: string;
  cron: string;
  description: string;
}

/**
 * How a new database schedules each job; administrators change the rows in the console. A job added
 * later also needs a migration inserting its row into existing databases.
 */
const DEFAULT_SCHEDULES: Readonly<Record<JobHandlerName, DefaultSchedule>> = {
  'purge-expired': {
    name: 'Purge expired codes and sessions',
    cron: '0 * * * *',
    description: 'Deletes one-time codes, process ids and sessions past their expiry.',
  },
  'expire-subscriptions': {
    name: 'Expire subscriptions',
    cron: '15 3 * * *',
    description: 'Ends subscriptions past their expiry date and reminds users a few days before.',
  },
  'recompute-stats': {
    name: 'Recompute statistics',
    cron: '30 2 * * *',
    description: 'Refreshes the counters shown on the dashboard and to sellers.',
  },
  'backup-database': {
    name: 'Back up the database',
    cron: '0 4 * * *',
    description: 'Writes the SQLite database (online backup API) and its pictures into one archive in the backups folder or bucket.',
  },
  'send-notification-mail': {
    name: 'Send notification mail',
    cron: '* * * * *',
    description: 'Mails the notifications that wait for it (price drops), within a minute.',
  },
  'saved-search-alerts': {
    name: 'Saved search alerts',
    cron: '* * * * *',
    description: 'Finds new listings matching saved searches; tells members at once or in their daily or weekly digest.',
  },
  'refresh-market-ratings': {
    name: 'Market ratings',
    cron: '* * * * *',
    description: 'Computes again the fair-price ratings of the makes and models whose listings changed.',
  },
  'review-invitations': {
    name: 'Review invitations',
    cron: '20 * * * *',
    description: 'Mails buyers, once, a week after their conversation with a seller began, a link to review the seller.',
  },
  'booking-clock': {
    name: 'Booking clock',
    cron: '* * * * *',
    description: 'Expires unanswered booking requests, sends pickup and return reminders, completes past rentals, releases deposits.',
  },
  'calendar-imports': {
    name: 'Calendar imports',
    cron: '*/15 * * * *',
    description: 'Polls the calendars rental listings import from other platforms; their events block the listings’ days.',
  },
};

/** The datacron rows a new database starts with: every handler once, in the contract's order. */
export const defaultDatacrons = () =>
  JOB_HANDLERS.map((handler) => {
    const { name, cron, description } = DEFAULT_SCHEDULES[handler];
    return { name, handler, cron, description };
  });
