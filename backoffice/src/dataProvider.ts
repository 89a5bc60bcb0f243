import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';
import { signedHeaders } from './signature.ts';

export const API_ROOT = '/api/v1';

/** Every admin call is signed and sends the session cookie (DESIGN §2). */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const body = typeof options.body === 'string' ? options.body : null;
  for (const [k, v] of Object.entries(await signedHeaders(body))) headers.set(k, v);
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}

export const dataProvider = simpleRestProvider(`${API_ROOT}/admin`, httpClient);
