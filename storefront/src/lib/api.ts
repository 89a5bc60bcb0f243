/*
 * How a server-rendered page calls the API. The browser's way is lib/client.ts; this one stays apart
 * because a page forwards the visitor's cookies (none on a shared page), calls the API in-process
 * when the server provides it, and answers the status and envelope for the page to render rather
 * than throwing. The request is built with the same lib/api-core.ts
 * (docs/decisions/049-one-way-to-call-the-api.md).
 */
import type { AstroGlobal } from 'astro';
import { jsonRequest, withLanguage } from './api-core.ts';

type Astroish = Pick<AstroGlobal, 'locals' | 'request'>;

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  body: T;
}

/**
 * Calls the API for a server-rendered page: in-process when the server provides `locals.api`,
 * over HTTP under `astro dev`. The visitor's cookies (none on a shared page) and language go along.
 */
export async function api<T>(astro: Astroish, path: string, init: { method?: string; json?: unknown } = {}): Promise<ApiResult<T>> {
  const headers = new Headers({ 'accept-language': astro.request.headers.get('accept-language') ?? '' });
  const method = init.method ?? 'GET';
  const json = jsonRequest(init.json);
  const body = json?.body;
  if (json) headers.set('content-type', json.contentType);
  // A shared page is every visitor's: its reads are the API's answers for no one.
  const cookie = astro.locals.shared ? null : (astro.locals.cookie ?? astro.request.headers.get('cookie'));
  if (cookie) headers.set('cookie', cookie);
  const withLng = withLanguage(path, astro.locals.locale);
  let response: Response;
  if (astro.locals.api) {
    response = await astro.locals.api(withLng, { method, headers, body });
  } else {
    const { signedHeaders } = await import('./signature.ts');
    for (const [k, v] of Object.entries(await signedHeaders(body))) headers.set(k, v);
    response = await fetch(new URL(withLng, import.meta.env.API_ORIGIN ?? 'http://localhost:3000'), { method, headers, body });
  }
  if (response.status === 503) astro.locals.unavailable = true;
  return { ok: response.ok, status: response.status, body: (await response.json()) as T };
}
