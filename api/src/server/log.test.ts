import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runtimeConfig } from '../core/runtime-config.ts';
import { createTestApp } from '../testing.ts';
import { createHttpServer } from './http.ts';
import { createLogger } from './log.ts';

// Issue 31: logs an operator can share. The log lines are read as the server writes them, through
// the server's own logger (log.ts).
interface Line {
  msg: string;
  requestId?: string;
  path?: string;
  status?: number;
  to?: string;
  [key: string]: unknown;
}
const capture = () => {
  const raw: string[] = [];
  const log = createLogger('info', { write: (line: string) => void raw.push(line) });
  return { log, raw, lines: () => raw.map((l) => JSON.parse(l) as Line) };
};
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo();
});

describe('what the log holds about people', () => {
  it('masks a recipient’s email in a mail flow, and the link tokens in request paths', async () => {
    const { log, raw, lines } = capture();
    const t = await createTestApp({ log });
    cleanup.push(() => t.destroy());
    // Sign-up mails a code to the new member.
    await t.member('claire.martin');
    const mailed = lines().filter((l) => l.msg === 'mail written to the outbox');
    expect(mailed.length).toBeGreaterThan(0);
    for (const line of mailed) expect(line.to).toBe('c***@example.test');
    // Links sent by mail: their tokens stand for the person who got them.
    const token = 'Zm9vYmFyLXNlY3JldC10b2tlbi0xMjM0NTY';
    await t.request(`/api/v1/unsubscribe/${token}`);
    await t.request(`/api/v1/guest-conversations/${token}/messages`, { method: 'POST', json: { body: 'hello' } });
    const paths = lines()
      .filter((l) => l.msg === 'request' || l.msg === 'request failed')
      .map((l) => l.path);
    expect(paths).toContain('/api/v1/unsubscribe/***');
    expect(paths).toContain('/api/v1/guest-conversations/***/messages');
    const all = raw.join('');
    expect(all).not.toContain('claire.martin@example.test');
    expect(all).not.toContain(token);
  });
});

describe('the logger’s masks', () => {
  it('masks a phone recipient, names, and the addresses and numbers a provider’s error names', () => {
    const { log, raw, lines } = capture();
    log.info({ channel: 'whatsapp', to: 'whatsapp:+33612345678' }, 'message written to the outbox');
    log.info({ user: { firstName: 'Claire', email: 'claire@example.com' } }, 'user');
    log.error({ err: new Error("The 'To' number +33 6 12 34 56 78 was refused, as was claire@example.com") }, 'not sent');
    log.error({ job: 'send-notification-mail', error: '550 claire@example.com: no such user' }, 'job failed');
    expect(lines()[0]!.to).toBe('whatsapp:+*********78');
    expect(lines()[1]!.user).toEqual({ firstName: 'C***', email: 'c***@example.com' });
    expect(lines()[3]!.error).toBe('550 c***@example.com: no such user');
    const all = raw.join('');
    for (const secret of ['claire@', '12 34 56', '33612345678', 'Claire']) expect(all).not.toContain(secret);
  });
});

describe('a log line per answer', () => {
  /** The real HTTP server around a test app and a storefront build of the test's own. */
  async function serve() {
    const { log, lines } = capture();
    const t = await createTestApp({ log });
    cleanup.push(() => t.destroy());
    const dist = mkdtempSync(path.join(tmpdir(), 'autoroute-log-dist-'));
    cleanup.push(() => rmSync(dist, { recursive: true, force: true }));
    mkdirSync(path.join(dist, 'server'), { recursive: true });
    mkdirSync(path.join(dist, 'client'), { recursive: true });
    writeFileSync(path.join(dist, 'client/robots.txt'), 'User-agent: *\n');
    // Astro's handler as the storefront's build exports it: a page that reads the API in-process.
    writeFileSync(
      path.join(dist, 'server/entry.mjs'),
      `export async function handler(req, res, next, locals) {
  const answer = await locals.api('/api/v1/health');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end('<p>' + answer.status + '</p>');
}`,
    );
    const server: Server = await createHttpServer({
      app: t.app,
      media: t.deps.media,
      log,
      runtime: runtimeConfig(t.deps.config),
      metrics: t.deps.metrics,
      storefrontDist: dist,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    return { lines, get: (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers, redirect: 'manual' }) };
  }
  /** The lines of one request, once its answer has finished. */
  const linesOf = async (lines: () => Line[], requestId: string) => {
    await new Promise((r) => setTimeout(r, 20));
    return lines().filter((l) => l.requestId === requestId);
  };

  it('gives a page, a static file, a picture and the back office one line each, with the id sent back', async () => {
    const { lines, get } = await serve();
    const answers = { '/vehicles/': 200, '/robots.txt': 200, '/media/no-such-picture.jpg': 404, '/admin/': null };
    for (const [url, status] of Object.entries(answers)) {
      const res = await get(url);
      await res.arrayBuffer();
      const id = res.headers.get('x-request-id');
      expect(id, url).toMatch(/^[\w.-]{8,128}$/);
      const own = (await linesOf(lines, id!)).filter((l) => l.path === url);
      expect(own, url).toHaveLength(1);
      expect(own[0], url).toMatchObject({ method: 'GET', path: url, status: res.status, ms: expect.any(Number) });
      if (status) expect(res.status, url).toBe(status);
    }
  });

  it('keeps a sane incoming X-Request-Id, and the page’s in-process API call logs under the page’s id', async () => {
    const { lines, get } = await serve();
    const res = await get('/vehicles/', { 'x-request-id': 'proxy-assigned-0001' });
    expect(await res.text()).toBe('<p>200</p>');
    expect(res.headers.get('x-request-id')).toBe('proxy-assigned-0001');
    const own = await linesOf(lines, 'proxy-assigned-0001');
    expect(own.map((l) => l.path).sort()).toEqual(['/api/v1/health', '/vehicles/']);
    // An id that is not one is replaced, never logged as it came.
    const forged = await get('/robots.txt', { 'x-request-id': 'bad id\twith "quotes"' });
    expect(forged.headers.get('x-request-id')).not.toContain('bad');
  });
});
