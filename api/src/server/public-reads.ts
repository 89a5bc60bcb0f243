import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { type Metrics, UNMATCHED } from '../core/metrics.ts';
import { HSTS } from '../core/request.ts';
import { localeOf } from '../http/middleware/language.ts';
import { keptAnswer, mayBeKept } from '../http/middleware/public-reads.ts';
import { requestIdOf } from '../http/middleware/request-id.ts';
import { validSignature } from '../http/middleware/signature.ts';
import type { ResponseCache } from './response-cache.ts';

/** The API's kept public reads (Deps.publicReads) and the key their callers sign with. */
export interface KeptReads {
  cache: ResponseCache;
  signingKey: string;
}

/**
 * The API's public reads kept in memory (http/middleware/public-reads.ts), sent over HTTP before the
 * request reaches the app at all, as kept pages are (public-pages.ts): no Fetch Request is built, no
 * route matched, no middleware run. It makes the checks the app's middleware would: no session, a
 * good signature, the language asked for; and gives what the app's chain gives every answer: the
 * request's id, HSTS over HTTPS, a count under the route's pattern in /metrics and a log line. The
 * kept answer carries the rest of its headers from the first answer. Answers whether it sent one;
 * when it did not (another kind of request, a refusal to make, nothing kept), the app answers.
 */
export async function keptRead(
  reads: KeptReads,
  req: IncomingMessage,
  res: ServerResponse,
  context: { metrics: Metrics; log: Logger | undefined; https: boolean },
): Promise<boolean> {
  const started = performance.now();
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  // Only ever called for a path under /api/, never one that would read as a host.
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!mayBeKept(req.method ?? '', url.pathname, header('authorization'), header('cookie'))) return false;
  if (!validSignature(reads.signingKey, header('x-timestamp') ?? '', header('x-signature') ?? '')) return false;
  const keyed = await reads.cache.key(`${url.pathname}${url.search}`, localeOf(url.searchParams.get('lng'), header));
  const kept = reads.cache.find(keyed, { countMiss: false })?.kept;
  if (!kept) return false;
  const requestId = requestIdOf(header('x-request-id'));
  const { body, headers } = keptAnswer(reads.cache, kept, header('accept-encoding'));
  headers['x-request-id'] = requestId;
  if (context.https) headers['strict-transport-security'] = HSTS;
  res.writeHead(200, headers);
  res.end(body);
  const ms = performance.now() - started;
  context.metrics.request('GET', kept.route ?? UNMATCHED, 200, ms / 1000);
  context.log?.info({ requestId, method: 'GET', path: url.pathname, status: 200, ms: Math.round(ms * 10) / 10 }, 'request');
  return true;
}
