import type { AstroGlobal } from 'astro';

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
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  if (body !== undefined) headers.set('content-type', 'application/json');
  // A shared page is every visitor's: its reads are the API's answers for no one.
  const cookie = astro.locals.shared ? null : (astro.locals.cookie ?? astro.request.headers.get('cookie'));
  if (cookie) headers.set('cookie', cookie);
  const withLng = `${path}${path.includes('?') ? '&' : '?'}lng=${astro.locals.locale}`;
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
