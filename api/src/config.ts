import path from 'node:path';
import { databaseTarget } from '@autoroute/db';
import { z } from 'zod';

/** The development signing key: public by nature (it ships in the browser bundle), see README. */
export const DEV_SIGNING_KEY = 'autoroute-dev-signing-key';

const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z
  .object({
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
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    API_SIGNING_KEY: z.string().min(16).default(DEV_SIGNING_KEY),
    SEED_DEMO: flag.default(true),
    SEED_VEHICLES: z.coerce.number().int().min(0).max(1_000_000).default(600),
    ADMIN_EMAIL: z.email().default('admin@autoroute.local'),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    TRUST_PROXY: flag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // S3 bucket naming rules (3–63 lower-case letters, digits, dots, hyphens), so a typo fails at start, not on the first upload.
    MEDIA_S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3 to 63 lower-case letters, digits, dots or hyphens)')
      .optional(),
    MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    MEDIA_S3_FORCE_PATH_STYLE: flag.default(false),
    MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    // The AWS SDK's own variables, read here so the tests and the config can hand them over; unset, the SDK's chain decides.
    AWS_REGION: z.string().min(1).optional(),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    AWS_SESSION_TOKEN: z.string().min(1).optional(),
  })
  .superRefine((e, ctx) => {
    for (const name of ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_FORCE_PATH_STYLE'] as const) {
      if (e[name] && !e.MEDIA_S3_BUCKET) ctx.addIssue({ code: 'custom', path: [name], message: 'needs MEDIA_S3_BUCKET' });
    }
    if (!!e.AWS_ACCESS_KEY_ID !== !!e.AWS_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'],
        message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together',
      });
    }
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
  smtpUrl: string | undefined;
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
  /** Behind a reverse proxy: the client address comes from X-Forwarded-For. */
  trustProxy: boolean;
  media: MediaConfig;
}

/** Where pictures are kept and where browsers fetch them (DESIGN §1, docs/decisions/014). */
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
  /** AWS_REGION; unset, the SDK's shared config, else us-east-1. */
  region?: string;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; unset, the SDK's default chain (profiles, instance roles…). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: databaseTarget({ DATABASE_URL: e.DATABASE_URL, DATA_DIR: dataDir }),
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET },
    signingKey: e.API_SIGNING_KEY,
    seed: { demo: e.SEED_DEMO, vehicles: e.SEED_VEHICLES },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    media: {
      ...(e.MEDIA_S3_BUCKET && {
        s3: {
          bucket: e.MEDIA_S3_BUCKET,
          ...(e.MEDIA_S3_ENDPOINT && { endpoint: e.MEDIA_S3_ENDPOINT.replace(/\/$/, '') }),
          forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
          ...(e.AWS_REGION && { region: e.AWS_REGION }),
          ...(e.AWS_ACCESS_KEY_ID &&
            e.AWS_SECRET_ACCESS_KEY && {
              credentials: {
                accessKeyId: e.AWS_ACCESS_KEY_ID,
                secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                ...(e.AWS_SESSION_TOKEN && { sessionToken: e.AWS_SESSION_TOKEN }),
              },
            }),
        },
      }),
      ...(e.MEDIA_PUBLIC_URL && { publicUrl: e.MEDIA_PUBLIC_URL.replace(/\/+$/, '') }),
    },
  };
}
