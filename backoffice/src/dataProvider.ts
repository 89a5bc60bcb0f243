import type { DatacronRun } from '@autoroute/contract/cron';
import type { Dashboard } from '@autoroute/contract/dashboard';
import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, fetchUtils, type Identifier, type RaRecord } from 'react-admin';
import { fromEnvelope } from './errors.ts';
import { i18nextInstance } from './i18n.ts';
import { signedHeaders } from './signature.ts';

export const API_ROOT = '/api/v1';
const ADMIN_ROOT = `${API_ROOT}/admin`;

/** The console's language: the API answers its messages in it (`?lng=` wins over the storefront's cookie). */
function withLanguage(url: string): string {
  const lng = i18nextInstance.language;
  if (!lng) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lng=${encodeURIComponent(lng)}`;
}

/** Every admin call is signed and sends the session cookie (DESIGN §2); errors arrive as react-admin's HttpError. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const body = typeof options.body === 'string' ? options.body : null;
  for (const [k, v] of Object.entries(await signedHeaders(body))) headers.set(k, v);
  try {
    return await fetchUtils.fetchJson(withLanguage(url), { ...options, headers, credentials: 'same-origin' });
  } catch (error) {
    throw fromEnvelope(error);
  }
}

/** GET /admin/dashboard (SPEC §2 dashboard), as the API declares it. */
export type { Dashboard as DashboardFigures, DashboardLink } from '@autoroute/contract/dashboard';

/** One run of a scheduled job, as the API declares it. */
export type { DatacronRun };

export interface BackofficeDataProvider extends DataProvider {
  getDashboard(): Promise<Dashboard>;
  runDatacron(id: Identifier): Promise<DatacronRun>;
  /** A step on a moderation case (take, decision, appeal-decision): the case as it is after it. */
  moderate(id: Identifier, step: 'take' | 'decision' | 'appeal-decision', body?: unknown): Promise<RaRecord>;
  /** The transparency report between two days (inclusive), as JSON or as the CSV file's text. */
  transparency(from: string, to: string, format: 'json' | 'csv'): Promise<unknown>;
  /** An administrator cancels a booking with a reason: the booking as it is after it. */
  cancelBooking(id: Identifier, reason: string): Promise<RaRecord>;
  /** An owner's cancellation record: the bookings they cancelled themselves, of how many accepted. */
  ownerCancellations(userId: Identifier): Promise<OwnerCancellations>;
}

interface OwnerCancellations {
  ownerId: number;
  cancelled: number;
  accepted: number;
  latest: { id: number; start: string; end: string; at: string; reason: string | null }[];
}

const unwrap = <T>(json: unknown): T => ((json as { data?: T })?.data ?? json) as T;

/**
 * What a column or a picker passes as `queryOptions` to read the rows it points at: their id and
 * title from `/{resource}/references`, which a role with rights over the pointing screen may read
 * without the right to list the target (docs/decisions/019-reference-reads.md).
 */
export const REFERENCE_READ = { meta: { references: true } } as const;

const simpleRest = simpleRestProvider(ADMIN_ROOT, httpClient);
const isReferenceRead = (params: { meta?: { references?: boolean } }) => params.meta?.references === true;

export const dataProvider: BackofficeDataProvider = {
  ...simpleRest,
  getList: (resource, params) => simpleRest.getList(isReferenceRead(params) ? `${resource}/references` : resource, params),
  getMany: (resource, params) => simpleRest.getMany(isReferenceRead(params) ? `${resource}/references` : resource, params),
  // A delete that says why (a listing's removal: `meta.body`, issue 33) sends it as the DELETE's JSON body.
  delete: async (resource, params) => {
    const body = (params.meta as { body?: unknown } | undefined)?.body;
    if (body === undefined) return simpleRest.delete(resource, params);
    const { json } = await httpClient(`${ADMIN_ROOT}/${resource}/${encodeURIComponent(String(params.id))}`, {
      method: 'DELETE',
      headers: new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' }),
      body: JSON.stringify(body),
    });
    return { data: json };
  },
  async getDashboard() {
    const { json } = await httpClient(`${ADMIN_ROOT}/dashboard`);
    return unwrap<Dashboard>(json);
  },
  async runDatacron(id) {
    const { json } = await httpClient(`${ADMIN_ROOT}/datacrons/${encodeURIComponent(String(id))}/run`, { method: 'POST' });
    return unwrap<DatacronRun>(json);
  },
  async moderate(id, step, body) {
    const { json } = await httpClient(`${ADMIN_ROOT}/moderation-cases/${encodeURIComponent(String(id))}/${step}`, {
      method: 'POST',
      ...(body === undefined
        ? {}
        : { headers: new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' }), body: JSON.stringify(body) }),
    });
    return unwrap<RaRecord>(json);
  },
  async cancelBooking(id, reason) {
    const { json } = await httpClient(`${ADMIN_ROOT}/bookings/${encodeURIComponent(String(id))}/cancel`, {
      method: 'POST',
      headers: new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' }),
      body: JSON.stringify({ reason }),
    });
    return unwrap<RaRecord>(json);
  },
  async ownerCancellations(userId) {
    const { json } = await httpClient(`${ADMIN_ROOT}/users/${encodeURIComponent(String(userId))}/cancellations`);
    return unwrap<OwnerCancellations>(json);
  },
  async transparency(from, to, format) {
    const query = new URLSearchParams({ from, to, format });
    const { json, body } = await httpClient(`${ADMIN_ROOT}/moderation-cases/transparency?${query}`);
    return format === 'csv' ? body : unwrap(json);
  },
};
