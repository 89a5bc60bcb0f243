import type { ErrorDetail, ErrorEnvelope } from '@autoroute/contract/errors';
import { siteRedirect } from '@autoroute/contract/redirect';
import { readRuntimeConfig } from '@autoroute/contract/runtime-config';
import { toast } from '../stores/toasts.ts';
import { signedHeaders } from './signature.ts';

/** An API error as the envelope tells it (DESIGN §2), ready to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
  /** The message of one field, for inline errors. */
  field(path: string): string | undefined {
    return this.details.find((d) => d.path === path)?.message;
  }
}

export const TIMEOUT_MS = 50_000; // SPEC §9

/** Goes on to a way back a form was given (a prop, a saved flow), by the one check of redirects (contract/redirect). */
export const goOn = (target: string | undefined, how: 'assign' | 'replace' = 'assign'): void =>
  location[how](siteRedirect(target, readRuntimeConfig()?.publicUrl ?? location.origin));

/** The page's language as the API names it (`?lng=`). */
export const pageLanguage = (): string => document.documentElement.lang.replace('-', '_');

/** The error for a request that got no answer: timed out, or the network failed. */
export function noAnswer(timedOut: boolean): ApiError {
  const text = document.documentElement.dataset;
  return new ApiError(
    0,
    timedOut ? 'REQUEST_TIMEOUT' : 'NETWORK',
    (timedOut ? text.timeoutMessage : text.networkMessage) ?? 'Network error',
  );
}

/** The error for a failed response, from its envelope (DESIGN §2). */
export function failedAnswer(status: number, data: unknown): ApiError {
  // Whatever came back: a proxy's error page is no envelope, so every part may be missing.
  const envelope = (data ?? {}) as Partial<ErrorEnvelope>;
  return new ApiError(
    status,
    envelope.code ?? 'FAILED',
    envelope.error ?? document.documentElement.dataset.failedMessage ?? 'API request failed',
    envelope.details,
  );
}

/** Renews the session once with the refresh cookie; true when it worked. */
export const renewSession = (): Promise<boolean> =>
  apiCall('/api/v1/auth/access-token', { method: 'POST' }).then(
    () => true,
    () => false,
  );

/**
 * Calls the API from an island: signed, with the session cookies, in the page's language. A 401 on
 * an ordinary call renews the session once (refresh cookie) and retries; failures become ApiError.
 */
export async function apiCall<T>(
  path: string,
  options: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  retried = false,
): Promise<T> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...(await signedHeaders(body)) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${path}${path.includes('?') ? '&' : '?'}lng=${pageLanguage()}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw noAnswer(error instanceof DOMException && error.name === 'TimeoutError');
  }
  if (response.status === 401 && !retried && !path.startsWith('/api/v1/auth/') && (await renewSession())) {
    return apiCall<T>(path, options, true);
  }
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw failedAnswer(response.status, data);
  return data as T;
}

/**
 * A failed call told in an error toast: the API's own message, else `fallback`; a refusal of the
 * session (401–403) at the top, where it is seen. Answers the message, for the screen to repeat.
 */
export function toastFailure(error: unknown, fallback: string): string {
  const message = error instanceof ApiError ? error.message : fallback;
  const status = error instanceof ApiError ? error.status : 0;
  toast(message, { kind: 'error', position: status >= 401 && status <= 403 ? 'top-center' : 'bottom-right' });
  return message;
}
