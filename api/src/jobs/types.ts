import type { Database, Db, DialectName } from '@autoroute/db';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { BackupConfig, MediaConfig } from '../core/config.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What a job handler works with. */
export interface JobContext {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle, for the online backup API; null on PostgreSQL. */
  sqlite: Db['sqlite'];
  /** What the backup job copies (the pictures' store) and where its archives go. */
  backup: { target: BackupConfig; media: MediaConfig; mediaDir: string };
  log: Logger;
  /** How a job mails people, and the site's address its links use; null where no mail is sent (a job then skips). */
  mail: { mailer: Mailer; publicUrl: string } | null;
  /** Whether imported calendars may be fetched from private addresses (CALENDAR_ALLOW_PRIVATE, tests only). */
  calendarAllowPrivate: boolean;
  /** Stripe, where bookings are paid by card (the booking clock lets holds go); null without it. */
  cards: Stripe | null;
}

/** A job: does its work and answers what it did, in a line, recorded with the run. */
export type JobHandler = (context: JobContext) => Promise<string>;

/**
 * Thrown by a handler that has nothing to do here (a SQLite backup on PostgreSQL): the run is
 * recorded as 'skipped' with the reason as its summary, not as a success that did nothing.
 */
export class JobSkipped extends Error {
  override name = 'JobSkipped';
}
