import path from 'node:path';
import { databaseTarget } from '@autoroute/db';
import { z } from 'zod';

/** The development signing key: public by nature (it ships in the browser bundle), see README. */
export const DEV_SIGNING_KEY = 'autoroute-dev-signing-key';

const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  API_SIGNING_KEY: z.string().min(16).default(DEV_SIGNING_KEY),
  SEED_DEMO: flag.default(true),
  SEED_VEHICLES: z.coerce.number().int().min(0).max(1_000_000).default(600),
  ADMIN_EMAIL: z.email().default('admin@autoroute.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  TRUST_PROXY: flag.default(false),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters, without spaces')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  /** The bearer token /metrics asks for; without one, only loopback clients may read it. */
  metricsToken: string | undefined;
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
    metricsToken: e.METRICS_TOKEN,
  };
}
