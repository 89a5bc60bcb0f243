import type { Database, DialectName, LongRead } from '@autoroute/db';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../core/config.ts';
import type { Limiters } from '../core/limiters.ts';
import type { MediaUrl } from '../core/reference.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Providers } from '../mail/providers.ts';
import type { MediaStore } from '../media/types.ts';
import type { SearchPostings } from './vehicles/postings.ts';

/**
 * What the domain's services may be given: the database and the adapters around it, never the HTTP
 * edge (http/context.ts adds what only routes use). A service takes the least it needs: `db` alone
 * where that is all it reads, this whole object only where it sends mail, limits or stores pictures.
 */
export interface DomainDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** A long read of committed data, off the request thread on SQLite (Db.longRead): a broad search's facet counts. */
  longRead: LongRead;
  config: Config;
  log: Logger;
  mailer: Mailer;
  providers: Providers;
  limiters: Limiters;
  /** Where pictures' files are kept: the data folder's media/, or the S3 bucket (MEDIA_S3_BUCKET). */
  media: MediaStore;
  /** The URL of a stored picture's key in every answer: `/media/<key>`, or under MEDIA_PUBLIC_URL. */
  mediaUrl: MediaUrl;
  /** The search's postings in this process (docs/decisions/044): searches without words at a large catalogue. */
  postings: SearchPostings;
  /**
   * A listing change that queued a `listing_events` row has committed: wakes the instant alerts
   * (jobs/index.ts listingChanged). Call it after the transaction, never inside it.
   */
  listingChanged: () => void;
}
