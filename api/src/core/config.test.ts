import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'f'.repeat(32);
const load = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(tmpdir(), 'autoroute-config-test'), ...env });
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('Twilio configuration', () => {
  it('is off without any TWILIO_ variable', () => {
    expect(load({}).twilio).toBeNull();
  });

  it('takes the SMS and WhatsApp senders, the WhatsApp one with or without its prefix', () => {
    expect(load({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+15005550006' }).twilio).toEqual({
      accountSid: SID,
      authToken: TOKEN,
      smsFrom: '+15005550006',
      whatsappFrom: undefined,
    });
    expect(load({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_WHATSAPP_FROM: 'whatsapp:+14155238886' }).twilio).toMatchObject(
      {
        smsFrom: undefined,
        whatsappFrom: '+14155238886',
      },
    );
    expect(load({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: 'Autoroute' }).twilio?.smsFrom).toBe('Autoroute');
  });

  it('stops the start naming what is missing or wrong', () => {
    expect(refusal({ TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: '+15005550006' })).toMatch(/TWILIO_AUTH_TOKEN: is required/);
    expect(refusal({ TWILIO_AUTH_TOKEN: TOKEN, TWILIO_WHATSAPP_FROM: '+14155238886' })).toMatch(/TWILIO_ACCOUNT_SID: is required/);
    expect(refusal({ TWILIO_FROM: '+15005550006' })).toMatch(
      /TWILIO_AUTH_TOKEN[\s\S]*TWILIO_ACCOUNT_SID|TWILIO_ACCOUNT_SID[\s\S]*TWILIO_AUTH_TOKEN/,
    );
    expect(refusal({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN })).toMatch(/TWILIO_FROM: set TWILIO_FROM/);
    expect(refusal({ TWILIO_ACCOUNT_SID: 'SK123', TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+15005550006' })).toMatch(
      /TWILIO_ACCOUNT_SID: must be/,
    );
    expect(refusal({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '0612345678' })).toMatch(/TWILIO_FROM: must be/);
    expect(refusal({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_WHATSAPP_FROM: 'whatsapp:0612' })).toMatch(
      /TWILIO_WHATSAPP_FROM: must be/,
    );
  });
});

describe('backup configuration', () => {
  it('writes to DATA_DIR/backups keeping seven by default; BACKUP_DIR, BACKUP_KEEP, a bucket with the S3 settings', () => {
    const dataDir = path.join(tmpdir(), 'autoroute-config-test');
    expect(load({}).backup).toEqual({ dir: path.join(dataDir, 'backups'), keep: 7, s3Prefix: 'backups/' });
    expect(load({}).bootLockWaitMs).toBe(600_000);
    expect(load({ BACKUP_DIR: '/mnt/second-disk/autoroute', BACKUP_KEEP: '30', BOOT_LOCK_WAIT_MS: '5000' })).toMatchObject({
      backup: { dir: '/mnt/second-disk/autoroute', keep: 30 },
      bootLockWaitMs: 5000,
    });
    expect(
      load({ BACKUP_S3_BUCKET: 'autoroute-backups', BACKUP_S3_PREFIX: 'nightly/', MEDIA_S3_ENDPOINT: 'http://minio:9000/' }).backup,
    ).toMatchObject({ s3: { bucket: 'autoroute-backups', endpoint: 'http://minio:9000', forcePathStyle: false }, s3Prefix: 'nightly/' });
  });

  it('stops the start naming what is wrong', () => {
    expect(refusal({ BACKUP_DIR: '/backups', BACKUP_S3_BUCKET: 'autoroute-backups' })).toMatch(
      /BACKUP_DIR: set BACKUP_DIR or BACKUP_S3_BUCKET/,
    );
    expect(refusal({ BACKUP_KEEP: '0' })).toMatch(/BACKUP_KEEP/);
    expect(refusal({ MEDIA_S3_BUCKET: 'autoroute', BACKUP_S3_BUCKET: 'autoroute' })).toMatch(
      /BACKUP_S3_BUCKET: must not be MEDIA_S3_BUCKET/,
    );
    expect(refusal({ BACKUP_DIR: path.join(tmpdir(), 'autoroute-config-test', 'media', 'backups') })).toMatch(
      /BACKUP_DIR: must not be inside DATA_DIR\/media/,
    );
    expect(refusal({ BACKUP_S3_BUCKET: 'Backups' })).toMatch(/BACKUP_S3_BUCKET: must be an S3 bucket name/);
    expect(refusal({ BACKUP_S3_BUCKET: 'autoroute-backups', BACKUP_S3_PREFIX: '/backups' })).toMatch(/BACKUP_S3_PREFIX: must be/);
    expect(refusal({ MEDIA_S3_ENDPOINT: 'http://minio:9000' })).toMatch(/MEDIA_S3_ENDPOINT: needs MEDIA_S3_BUCKET or BACKUP_S3_BUCKET/);
  });
});

describe('RATE_LIMIT_POINTS', () => {
  it('gives the named limits their own allowance and refuses an unknown limit or a bad number', () => {
    expect(load({ RATE_LIMIT_POINTS: 'reportPerIp=100, contactPerIp=50' }).rateLimitPoints).toEqual({ reportPerIp: 100, contactPerIp: 50 });
    expect(load({}).rateLimitPoints).toEqual({});
    expect(refusal({ RATE_LIMIT_POINTS: 'nope=3' })).toContain('"nope=3" is not <limit>=<points>');
    expect(refusal({ RATE_LIMIT_POINTS: 'reportPerIp=0' })).toContain('reportPerIp=0');
  });
});
