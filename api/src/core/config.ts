import path from 'node:path';
import { BOOT_LOCK_WAIT_MS, databaseTarget } from '@autoroute/db';
import { z } from 'zod';
import { LIMITS, type LimitName } from './limiters.ts';
import { parseTrustProxy, type TrustProxy } from './request.ts';

/** The development signing key: public by nature (it ships in the browser bundle), see README. */
export const DEV_SIGNING_KEY = 'autoroute-dev-signing-key';

/** How long a "send a code" answer takes at least by default: above its slowest usual work, a mail sent (decision 036). */
export const CODE_ANSWER_MS = 500;

/** How often an alert worker polls by default: the floor under its wake-ups, and what a lost one costs (decision 042). */
export const ALERTS_POLL_MS = 1000;

/** Below this share of its market estimate, a listing's price is a fraud signal by default (decision 052). */
const PRICE_FAR_BELOW_RATIO = 0.5;
/** More live listings than this from a private seller is a signal by default (decision 052). */
const PRIVATE_SELLER_LISTINGS = 5;
/** Two pictures' perceptual hashes this many bits apart or fewer (of 64) are the same photo by default (decision 053). */
const PHOTO_DISTANCE = 6;

const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const E164 = /^\+[1-9][0-9]{6,14}$/;
// A sender is a number in E.164 form, or an alphanumeric sender id where the country allows one.
const SmsSender = z
  .string()
  .regex(/^(\+[1-9][0-9]{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/, 'must be a +E.164 number or a sender id of 11 letters or digits');
const WhatsAppSender = z
  .string()
  .transform((v) => v.replace(/^whatsapp:/, ''))
  .pipe(z.string().regex(E164, 'must be a +E.164 number (the whatsapp: prefix is optional)'));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional(),
  // An address, or a name and an address as mail writes them: `Autoroute <hello@example.com>`.
  MAIL_FROM: z
    .string()
    .regex(/^([^<>\r\n]+ <[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address, or a name and <address>')
    .optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  API_SIGNING_KEY: z.string().min(16).default(DEV_SIGNING_KEY),
  SEED_DEMO: flag.default(true),
  SEED_VEHICLES: z.coerce.number().int().min(0).max(1_000_000).default(600),
  ADMIN_EMAIL: z.email().default('admin@autoroute.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `must be false, true (one proxy in front), a hop count, or a comma-separated list of proxy addresses or CIDR ranges (loopback, 10.0.0.0/8): ${(error as Error).message}`,
        });
        return z.NEVER;
      }
    }),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters, without spaces')
    .optional(),
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  // How long a home or search page may lag behind the catalogue while it is rendered again (docs/decisions/040).
  PAGE_STALE_S: z.coerce.number().int().min(0).max(300).default(5),
  SHARED_COUNTS_FROM: z.coerce.number().int().min(1).default(50_000),
  // From this many listings, a search's counts that are not kept are estimated from a sample (docs/decisions/041); 0: never.
  ESTIMATED_COUNTS_FROM: z.coerce.number().int().min(0).default(200_000),
  // From this many listings, searches without words are answered from postings in the process (docs/decisions/044); 0: always, off: never.
  SEARCH_POSTINGS_FROM: z.union([z.literal('off'), z.coerce.number().int().min(0)]).default(100_000),
  CODE_ANSWER_MS: z.coerce.number().int().min(0).max(10_000).default(CODE_ANSWER_MS),
  // The longest a dependency may take to connect or answer before the request gets a 503 (docs/decisions/037).
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // How long /readyz answers 503 while the process still serves, after SIGTERM (a load balancer's probe interval or more).
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  // How often each process's alert worker looks for queued listing changes it was not woken for (docs/decisions/042); 0: off.
  ALERTS_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(ALERTS_POLL_MS),
  // Imported calendars on our own network's addresses (docs/decisions/060): only tests, which serve theirs on loopback.
  CALENDAR_ALLOW_PRIVATE: flag.default(false),
  // The fraud signals' thresholds (docs/decisions/052).
  TRUST_PRICE_BELOW_RATIO: z.coerce.number().gt(0).lt(1).default(PRICE_FAR_BELOW_RATIO),
  TRUST_PRIVATE_LISTINGS: z.coerce.number().int().min(1).default(PRIVATE_SELLER_LISTINGS),
  // The moderation queue's thresholds (docs/decisions/057).
  TRUST_HOLD_REPORTS: z.coerce.number().int().min(1).default(3),
  TRUST_ABUSE_LIMIT: z.coerce.number().int().min(1).default(5),
  TRUST_ABUSE_SUSPEND_DAYS: z.coerce.number().int().min(1).default(30),
  // At most 11: each of the hash's four bands is then searched within 2 bits, 137 values (decision 053).
  TRUST_PHOTO_DISTANCE: z.coerce.number().int().min(0).max(11).default(PHOTO_DISTANCE),
  // An operator's own allowance for some abuse limits, points per window: `reportPerIp=100,contactPerIp=50`.
  RATE_LIMIT_POINTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const points: Partial<Record<LimitName, number>> = {};
      for (const pair of (value ?? '').split(',').filter((p) => p.trim())) {
        const [name = '', n = ''] = pair.split('=').map((p) => p.trim());
        if (!(name in LIMITS) || !/^[1-9]\d*$/.test(n)) {
          ctx.addIssue({ code: 'custom', message: `"${pair}" is not <limit>=<points> with a limit of ${Object.keys(LIMITS).join(', ')}` });
          return z.NEVER;
        }
        points[name as LimitName] = Number(n);
      }
      return points;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID: AC followed by 32 hexadecimal digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the account auth token').optional(),
  TWILIO_FROM: SmsSender.optional(),
  TWILIO_WHATSAPP_FROM: WhatsAppSender.optional(),
  // S3 bucket naming rules (3–63 lower-case letters, digits, dots, hyphens), so a typo fails at start, not on the first upload.
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3 to 63 lower-case letters, digits, dots or hyphens)')
    .optional(),
  MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  MEDIA_S3_FORCE_PATH_STYLE: flag.default(false),
  MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  // How long a starting process waits for another one's migrations before it gives up (db/src/lock.ts).
  BOOT_LOCK_WAIT_MS: z.coerce.number().int().min(0).max(86_400_000).default(BOOT_LOCK_WAIT_MS),
  // Where the backup job writes its archives (docs/decisions/038): a folder (a second disk, ideally), or a bucket.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3 to 63 lower-case letters, digits, dots or hyphens)')
    .optional(),
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9_.-]*\/)*$/i, 'must be empty or folder names each ending with a slash (backups/)')
    .default('backups/'),
  // The AWS SDK's own variables, read here so the tests and the config can hand them over; unset, the SDK's chain decides.
  AWS_REGION: z.string().min(1).optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
});

/**
 * Variables that only make sense together: Twilio's SID and token, and at least one sender; the S3
 * settings with their bucket; an AWS key with its secret.
 */
const CheckedEnv = EnvSchema.superRefine((e, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const senders = e.TWILIO_FROM !== undefined || e.TWILIO_WHATSAPP_FROM !== undefined;
  if ((e.TWILIO_ACCOUNT_SID || senders) && !e.TWILIO_AUTH_TOKEN)
    issue('TWILIO_AUTH_TOKEN', 'is required with TWILIO_ACCOUNT_SID, TWILIO_FROM or TWILIO_WHATSAPP_FROM');
  if ((e.TWILIO_AUTH_TOKEN || senders) && !e.TWILIO_ACCOUNT_SID)
    issue('TWILIO_ACCOUNT_SID', 'is required with TWILIO_AUTH_TOKEN, TWILIO_FROM or TWILIO_WHATSAPP_FROM');
  if ((e.TWILIO_ACCOUNT_SID || e.TWILIO_AUTH_TOKEN) && !senders)
    issue('TWILIO_FROM', 'set TWILIO_FROM (SMS) or TWILIO_WHATSAPP_FROM (WhatsApp), or neither Twilio variable');
  for (const name of ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_FORCE_PATH_STYLE'] as const) {
    if (e[name] && !e.MEDIA_S3_BUCKET && !e.BACKUP_S3_BUCKET) issue(name, 'needs MEDIA_S3_BUCKET or BACKUP_S3_BUCKET');
  }
  if (e.BACKUP_S3_BUCKET && e.BACKUP_DIR) issue('BACKUP_DIR', 'set BACKUP_DIR or BACKUP_S3_BUCKET, not both');
  // Whatever the media store holds is served at /media/: backups there would be anyone's to download.
  if (e.BACKUP_S3_BUCKET && e.BACKUP_S3_BUCKET === e.MEDIA_S3_BUCKET)
    issue('BACKUP_S3_BUCKET', 'must not be MEDIA_S3_BUCKET: every object of that bucket is served at /media/');
  const media = path.resolve(e.DATA_DIR, 'media');
  if (e.BACKUP_DIR && `${path.resolve(e.BACKUP_DIR)}${path.sep}`.startsWith(`${media}${path.sep}`))
    issue('BACKUP_DIR', 'must not be inside DATA_DIR/media: every file there is served at /media/');
  if (!!e.AWS_ACCESS_KEY_ID !== !!e.AWS_SECRET_ACCESS_KEY)
    issue(e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID', 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together');
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  /** RATE_LIMIT_POINTS: limits given their own allowance. */
  rateLimitPoints: Partial<Record<LimitName, number>>;
  smtpUrl: string | undefined;
  /** The sender of every mail. */
  mailFrom: string;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    /** Another Stripe API host: set only by tests, which start a local fake of it. */
    api?: { host: string; port: number; protocol: 'http' | 'https' };
  };
  signingKey: string;
  seed: { demo: boolean; vehicles: number };
  admin: { email: string; password: string | undefined };
  logLevel: string;
  /** How long a connection or a command may take: Redis; PostgreSQL (connecting, and each statement); S3 (connecting, and each request). */
  timeouts: { redisMs: number; databaseMs: number; smtpMs: number };
  /** After SIGTERM: how long the process keeps serving with /readyz at 503 before it stops taking connections. */
  shutdownGraceMs: number;
  /** The proxies in front whose X-Forwarded-* headers are believed: the client address is the first hop not trusted. */
  trustProxy: TrustProxy;
  /** SMS and WhatsApp through Twilio; a channel without its sender writes to the outbox instead. */
  twilio: {
    accountSid: string;
    authToken: string;
    /** SMS sender: a +E.164 number or an alphanumeric sender id. */
    smsFrom: string | undefined;
    /** WhatsApp sender, +E.164 without the `whatsapp:` prefix. */
    whatsappFrom: string | undefined;
    /** Another Twilio API origin (`http://127.0.0.1:4711`): set only by tests, which start a local fake of it. */
    api?: string;
  } | null;
  /** The bearer token /metrics asks for; without one, only loopback clients may read it. */
  metricsToken: string | undefined;
  media: MediaConfig;
  /** The bytes of rendered public pages each process keeps (0: none), see docs/decisions/024. */
  pageCacheBytes: number;
  /** How long (ms) a kept home or search page may lag behind the catalogue while it is rendered again (0: never), decision 040. */
  pageStaleMs: number;
  /** From how many matching listings a search's counts are shared a short while across changes (docs/decisions/005). */
  sharedCountsFrom: number;
  /** From how many listings a search's counts may be estimated from the sample (docs/decisions/041; 0: never). */
  estimatedCountsFrom: number;
  /** From how many listings searches without words are answered from postings in the process (docs/decisions/044; 0: always; null: never). */
  searchPostingsFrom: number | null;
  /** Where the backup job's archives go and how many it keeps (docs/decisions/038). */
  backup: BackupConfig;
  /** How long a starting process waits for the boot lock (another process migrating) before it stops with an error. */
  bootLockWaitMs: number;
  /** The time every "send a code" answer takes at least, account or not (docs/decisions/036). */
  codeAnswerMs: number;
  /** How often the instant alerts' worker polls besides its wake-ups (docs/decisions/042); 0 leaves alerts to the per-minute jobs. */
  alertsPollMs: number;
  /** The fraud signals' thresholds (docs/decisions/052). */
  trust: TrustConfig;
  /** CALENDAR_ALLOW_PRIVATE: imported calendars may be fetched from private and loopback addresses (tests only; docs/decisions/060). */
  calendarAllowPrivate: boolean;
}

export interface TrustConfig {
  /** TRUST_PRICE_BELOW_RATIO: a price under this share of the market estimate raises `price_far_below_market`. */
  priceBelowRatio: number;
  /** TRUST_PRIVATE_LISTINGS: a private seller with more live listings than this raises `private_seller_many_listings`. */
  privateListings: number;
  /** TRUST_HOLD_REPORTS: a listing reported by this many distinct people is held until a moderator decides. */
  holdReports: number;
  /** TRUST_ABUSE_LIMIT: a reporter whose notices were found manifestly unfounded this many times is suspended from reporting. */
  abuseLimit: number;
  /** TRUST_ABUSE_SUSPEND_DAYS: for this many days. */
  abuseSuspendDays: number;
  /** TRUST_PHOTO_DISTANCE: pictures of two listings whose perceptual hashes differ by this many bits or fewer raise `photo_duplicate_*`. */
  photoDistance: number;
}

export interface BackupConfig {
  /** BACKUP_DIR, default DATA_DIR/backups; unused when `s3` is set. */
  dir: string;
  /** BACKUP_KEEP: the newest this many archives stay, older ones are deleted. */
  keep: number;
  /** BACKUP_S3_BUCKET with the S3 client settings of the media (endpoint, path style, region, keys). */
  s3?: S3Config;
  /** BACKUP_S3_PREFIX: the archives' folder in the bucket. */
  s3Prefix: string;
}

/** Where pictures are kept and where browsers fetch them (DESIGN §1, docs/decisions/016). */
export interface MediaConfig {
  /** The S3 (or S3-compatible) bucket; unset, pictures stay in `mediaDir`. */
  s3?: S3Config;
  /** A CDN or the bucket's own site in front of the store: picture URLs become `<publicUrl>/<key>`. Unset, `/media/<key>`. */
  publicUrl?: string;
}

export interface S3Config {
  bucket: string;
  /** MinIO, R2 and the like; unset, AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** S3_TIMEOUT_MS: connecting, and each request until its answer begins (a hung store then gives a 503, not a hung request). */
  timeoutMs?: number;
  /** AWS_REGION; unset, the SDK's shared config, else us-east-1. */
  region?: string;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; unset, the SDK's default chain (profiles, instance roles…). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = CheckedEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: databaseTarget({ DATABASE_URL: e.DATABASE_URL, DATA_DIR: dataDir }),
    redisUrl: e.REDIS_URL,
    rateLimitPoints: e.RATE_LIMIT_POINTS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Autoroute <no-reply@${new URL(publicUrl).hostname}>`,
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET },
    signingKey: e.API_SIGNING_KEY,
    seed: { demo: e.SEED_DEMO, vehicles: e.SEED_VEHICLES },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    timeouts: { redisMs: e.REDIS_TIMEOUT_MS, databaseMs: e.DATABASE_TIMEOUT_MS, smtpMs: e.SMTP_TIMEOUT_MS },
    trustProxy: e.TRUST_PROXY,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, smsFrom: e.TWILIO_FROM, whatsappFrom: e.TWILIO_WHATSAPP_FROM }
        : null,
    metricsToken: e.METRICS_TOKEN,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    pageStaleMs: e.PAGE_STALE_S * 1000,
    sharedCountsFrom: e.SHARED_COUNTS_FROM,
    estimatedCountsFrom: e.ESTIMATED_COUNTS_FROM,
    searchPostingsFrom: e.SEARCH_POSTINGS_FROM === 'off' ? null : e.SEARCH_POSTINGS_FROM,
    codeAnswerMs: e.CODE_ANSWER_MS,
    alertsPollMs: e.ALERTS_POLL_MS,
    calendarAllowPrivate: e.CALENDAR_ALLOW_PRIVATE,
    trust: {
      priceBelowRatio: e.TRUST_PRICE_BELOW_RATIO,
      privateListings: e.TRUST_PRIVATE_LISTINGS,
      holdReports: e.TRUST_HOLD_REPORTS,
      abuseLimit: e.TRUST_ABUSE_LIMIT,
      abuseSuspendDays: e.TRUST_ABUSE_SUSPEND_DAYS,
      photoDistance: e.TRUST_PHOTO_DISTANCE,
    },
    media: {
      ...(e.MEDIA_S3_BUCKET && { s3: s3Settings(e.MEDIA_S3_BUCKET, e) }),
      ...(e.MEDIA_PUBLIC_URL && { publicUrl: e.MEDIA_PUBLIC_URL.replace(/\/+$/, '') }),
    },
    bootLockWaitMs: e.BOOT_LOCK_WAIT_MS,
    backup: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      keep: e.BACKUP_KEEP,
      ...(e.BACKUP_S3_BUCKET && { s3: s3Settings(e.BACKUP_S3_BUCKET, e) }),
      s3Prefix: e.BACKUP_S3_PREFIX,
    },
  };
}

/** A bucket with the one set of S3 client settings (endpoint, path style, region, keys) the media and the backups share. */
function s3Settings(bucket: string, e: z.infer<typeof EnvSchema>): S3Config {
  return {
    bucket,
    ...(e.MEDIA_S3_ENDPOINT && { endpoint: e.MEDIA_S3_ENDPOINT.replace(/\/$/, '') }),
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
    timeoutMs: e.S3_TIMEOUT_MS,
    ...(e.AWS_REGION && { region: e.AWS_REGION }),
    ...(e.AWS_ACCESS_KEY_ID &&
      e.AWS_SECRET_ACCESS_KEY && {
        credentials: {
          accessKeyId: e.AWS_ACCESS_KEY_ID,
          secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
          ...(e.AWS_SESSION_TOKEN && { sessionToken: e.AWS_SESSION_TOKEN }),
        },
      }),
  };
}
