import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import type { ResponseCache } from '../server/response-cache.ts';

/**
 * The API's public reads — what the storefront's pages and every anonymous visitor ask for most —
 * answered from memory while the data's versions are unchanged (docs/decisions/024-page-cache.md):
 * a search, the featured listings, a vehicle, a comparison, the search form's lists, the site
 * information and the content pages. Only for callers who are not signed in (a member's answer
 * carries their likes and saved marks), and only successful JSON answers are kept.
 */
const PUBLIC_READS = [
  /^\/api\/v1\/vehicles\/?$/,
  /^\/api\/v1\/vehicles\/(featured|compare|\d+)$/,
  /^\/api\/v1\/user\/config$/,
  /^\/api\/v1\/site$/,
  /^\/api\/v1\/pages(\/|$)/,
];

/** Headers the kept answer must not repeat: its own request's, and those of the body as it was sent. */
const PER_ANSWER = new Set(['content-length', 'content-encoding', 'set-cookie', 'x-request-id']);

export const publicReads = (cache: ResponseCache | null) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!cache || c.req.method !== 'GET' || c.get('principal') || !PUBLIC_READS.some((r) => r.test(c.req.path))) return next();
    const url = new URL(c.req.url);
    const { key, etag } = await cache.key(`${url.pathname}${url.search}`, c.get('locale'));
    const kept = cache.get(key);
    if (!kept) {
      await next();
      if (c.res.status === 200 && /^application\/json\b/i.test(c.res.headers.get('content-type') ?? '')) {
        const headers = [...c.res.headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase()));
        cache.set(key, etag, await c.res.clone().text(), headers);
      }
      return;
    }
    const encoding = cache.encodingFor(c.req.header('accept-encoding'));
    const body = kept.body(encoding);
    for (const [name, value] of kept.headers) c.header(name, value);
    // Already encoded: the compression middleware leaves it as it is.
    if (encoding !== 'identity') {
      c.header('Content-Encoding', encoding);
      c.header('Vary', 'Accept-Encoding', { append: true });
    }
    c.header('Content-Length', String(body.length));
    return c.body(body as Uint8Array<ArrayBuffer>, 200);
  });
