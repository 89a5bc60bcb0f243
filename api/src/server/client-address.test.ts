import type { Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../core/config.ts';
import { LIMITS } from '../core/limiters.ts';
import { clientAddress, parseTrustProxy } from '../core/request.ts';
import { runtimeConfig } from '../core/runtime-config.ts';
import { sign } from '../http/middleware/signature.ts';
import { type ApiError, createTestApp, readJson, type TestApp } from '../testing.ts';
import { createHttpServer } from './http.ts';

// Issue 31: one trusted address. The client's address is the first X-Forwarded-For hop TRUST_PROXY
// does not vouch for, walked from the right; what the client wrote (the leftmost entries) never counts.
const open: { close(): Promise<void> }[] = [];
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  await Promise.all(apps.map((t) => t.destroy()));
});

/** The real server of `npm start` on a loopback port: the test is the proxy in front, at 127.0.0.1. */
async function serve(env: Record<string, string>) {
  const t = await createTestApp({ env });
  apps.push(t);
  const server: Server = await createHttpServer({
    app: t.app,
    media: t.deps.media,
    runtime: runtimeConfig(t.deps.config),
    metrics: t.deps.metrics,
    transport: { publicUrl: t.deps.config.publicUrl, trustProxy: t.deps.config.trustProxy },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  const key = t.deps.config.signingKey;
  let attempts = 0;
  return {
    get: (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers, redirect: 'manual' }),
    /** A failed sign-in (each to another account: the per-account limit stays out of it), signed as our browser signs it. */
    failedLogin: (forwardedFor: string) => {
      const body = JSON.stringify({ email: `nobody${++attempts}@example.test`, password: 'not the passphrase' });
      const timestamp = String(Date.now());
      return fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'x-timestamp': timestamp,
          'x-signature': sign(key, body),
          'x-forwarded-for': forwardedFor,
        },
      });
    },
  };
}

describe('the client address', () => {
  const walk = (peer: string | undefined, xff: string | undefined, trust: string) => clientAddress(peer, xff, parseTrustProxy(trust));

  it('is the socket peer without TRUST_PROXY, whatever X-Forwarded-For says', () => {
    expect(walk('203.0.113.1', '198.51.100.7', 'false')).toEqual({ ip: '203.0.113.1', unvouched: true });
    expect(walk('203.0.113.1', undefined, 'false')).toEqual({ ip: '203.0.113.1', unvouched: false });
  });

  it('behind a hop count, is the entry that many hops from the right: never the first the client wrote', () => {
    const xff = '127.0.0.1, 198.51.100.7, 10.0.0.2';
    expect(walk('10.0.0.1', xff, '1')).toEqual({ ip: '10.0.0.2', unvouched: true });
    expect(walk('10.0.0.1', xff, 'true')).toEqual({ ip: '10.0.0.2', unvouched: true });
    expect(walk('10.0.0.1', xff, '2')).toEqual({ ip: '198.51.100.7', unvouched: true });
    // More hops than entries: the leftmost entry is all there is.
    expect(walk('10.0.0.1', '198.51.100.7', '5')).toEqual({ ip: '198.51.100.7', unvouched: false });
  });

  it('behind a list of proxies, skips every listed hop and stops at the first other one', () => {
    const xff = '127.0.0.1, 198.51.100.7, 10.1.2.3';
    expect(walk('127.0.0.1', xff, 'loopback,10.0.0.0/8')).toEqual({ ip: '198.51.100.7', unvouched: true });
    expect(walk('::ffff:127.0.0.1', '198.51.100.7', 'loopback')).toEqual({ ip: '198.51.100.7', unvouched: false });
    // A peer that is not listed is the client, whatever it forwards.
    expect(walk('203.0.113.1', xff, 'loopback,10.0.0.0/8')).toEqual({ ip: '203.0.113.1', unvouched: true });
  });

  it('of an in-process request (no socket) is the process itself, which vouches for itself as hop 0 only with TRUST_PROXY', () => {
    expect(walk(undefined, undefined, 'loopback')).toEqual({ ip: 'local', unvouched: false });
    expect(walk(undefined, '198.51.100.7', 'false')).toEqual({ ip: 'local', unvouched: true });
    expect(walk(undefined, '127.0.0.1, 198.51.100.7', '1')).toEqual({ ip: '198.51.100.7', unvouched: true });
  });
});

describe('TRUST_PROXY', () => {
  it('takes false, true, a hop count, or a list of addresses and ranges', () => {
    for (const value of ['false', 'true', '0', '1', '2', 'loopback', '127.0.0.1,10.0.0.0/8', ' 10.0.0.5 , ::1 ', 'uniquelocal'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).not.toThrow();
  });

  it('refuses anything else, saying what it takes', () => {
    for (const value of ['everyone', '10.0.0.0/99', '127.0.0.1,,10.0.0.1', '-1', '1.5', '100']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: must be false, true \(one proxy in front\), a hop count/,
      );
    }
  });
});

describe('forged X-Forwarded-For through the real server', () => {
  it('behind one trusted proxy, rotating the first entry does not dodge the sign-in limit', async () => {
    for (const trust of ['true', 'loopback']) {
      const { failedLogin } = await serve({ TRUST_PROXY: trust });
      // The proxy appends the address it saw (203.0.113.50); the client rotates what it wrote before it.
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.loginPerIp.points; i++) statuses.push((await failedLogin(`198.51.100.${i}, 203.0.113.50`)).status);
      expect(new Set(statuses), trust).toEqual(new Set([401]));
      const refused = await failedLogin('198.51.100.250, 203.0.113.50');
      expect(refused.status, trust).toBe(429);
      expect((await readJson<ApiError>(refused)).code).toBe('TOO_MANY_REQUESTS');
      // Another client behind the same proxy still may.
      expect((await failedLogin('203.0.113.51')).status, trust).toBe(401);
    }
  });

  it('a forged 127.0.0.1 before the real address does not read /metrics', async () => {
    const { get } = await serve({ TRUST_PROXY: 'true' });
    const forged = await get('/metrics', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' });
    expect(forged.status).toBe(403);
    expect((await readJson<ApiError>(forged)).code).toBe('METRICS_LOCAL_ONLY');
    // A client on the proxy's own machine may.
    expect((await get('/metrics', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
    // A loopback hop forwarding for someone the operator did not vouch for: unknown, refused.
    expect((await get('/metrics', { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' })).status).toBe(403);
  });

  it('with a list, believes X-Forwarded-* only from a listed peer', async () => {
    const listed = await serve({ TRUST_PROXY: 'loopback,10.0.0.0/8' });
    expect((await listed.get('/metrics', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9, 10.0.0.2' })).status).toBe(403);
    expect((await listed.get('/metrics', { 'x-forwarded-for': '203.0.113.9, 127.0.0.1, 10.0.0.2' })).status).toBe(403);
    expect((await listed.get('/api/v1/health', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).not.toBeNull();
    // The test's socket (127.0.0.1) is not the listed proxy: its X-Forwarded-For and -Proto are the client's own.
    const elsewhere = await serve({ TRUST_PROXY: '10.0.0.5' });
    expect((await elsewhere.get('/metrics', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
    expect((await elsewhere.get('/metrics')).status).toBe(200);
    expect((await elsewhere.get('/api/v1/health', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBeNull();
  });
});
