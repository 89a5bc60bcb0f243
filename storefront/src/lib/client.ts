/*
 * The one way the browser calls the API (islands and page scripts alike): apiCall. It signs the
 * request, sends the session cookies and the page's language, renews the session once on a 401 and
 * turns every failure into an ApiError in the page's language. An upload that shows its progress and
 * a count that must outlive the page are options of the same call, not other helpers. Pages rendered
 * on the server call through lib/api.ts instead, which forwards the visitor's cookies and calls the
 * API in-process; both build the request and read the envelope with lib/api-core.ts
 * (docs/decisions/049-one-way-to-call-the-api.md).
 */
import type { ErrorDetail } from '@autoroute/contract/errors';
import { siteRedirect } from '@autoroute/contract/redirect';
import { readRuntimeConfig } from '@autoroute/contract/runtime-config';
import { toast } from '../stores/toasts.ts';
import { jsonRequest, readEnvelope, withLanguage } from './api-core.ts';
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

const TIMEOUT_MS = 50_000; // SPEC §9

/** Goes on to a way back a form was given (a prop, a saved flow), by the one check of redirects (contract/redirect). */
export const goOn = (target: string | undefined, how: 'assign' | 'replace' = 'assign'): void =>
  location[how](siteRedirect(target, readRuntimeConfig()?.publicUrl ?? location.origin));

/** The page's language as the API names it (`?lng=`). */
const pageLanguage = (): string => document.documentElement.lang.replace('-', '_');

/** The error for a request that got no answer: timed out, or the network failed. */
function noAnswer(timedOut: boolean): ApiError {
  const text = document.documentElement.dataset;
  return new ApiError(
    0,
    timedOut ? 'REQUEST_TIMEOUT' : 'NETWORK',
    (timedOut ? text.timeoutMessage : text.networkMessage) ?? 'Network error',
  );
}

/** The error for a failed response, from its envelope (DESIGN §2). */
function failedAnswer(status: number, data: unknown): ApiError {
  const { code, error, details } = readEnvelope(data, document.documentElement.dataset.failedMessage ?? 'API request failed');
  return new ApiError(status, code, error, details);
}

/** Renews the session once with the refresh cookie; true when it worked. */
const renewSession = (): Promise<boolean> =>
  apiCall('/api/v1/auth/access-token', { method: 'POST' }).then(
    () => true,
    () => false,
  );

interface CallOptions {
  method?: string;
  json?: unknown;
  /** A multipart body (a picture): signed over the timestamp alone, like a request without a body (DESIGN §2). */
  form?: FormData;
  headers?: Record<string, string>;
  /** Cancels the call; it then rejects with the DOMException named AbortError. */
  signal?: AbortSignal;
  /** The percentage of the body sent so far, for a progress bar (0 again when a renewed session sends it anew). */
  onUploadProgress?: (percent: number) => void;
  /** The request goes on when the page is left (a count, like a beacon). */
  keepalive?: boolean;
}

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
}

type Answer = { status: number; data: unknown };

/** By fetch, unless the caller follows the upload: only XMLHttpRequest reports how much of a body has been sent. */
function send(request: Sent, options: CallOptions): Promise<Answer> {
  return options.onUploadProgress ? sendFollowed(request, options.onUploadProgress, options.signal) : sendFetch(request, options);
}

async function sendFetch({ url, method, headers, body }: Sent, options: CallOptions): Promise<Answer> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      keepalive: options.keepalive,
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch {
    if (options.signal?.aborted) throw new DOMException('The request was cancelled.', 'AbortError');
    throw noAnswer(timeout.aborted);
  }
  return { status: response.status, data: response.status === 204 ? null : await response.json().catch(() => null) };
}

function sendFollowed({ url, method, headers, body }: Sent, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = TIMEOUT_MS;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => resolve({ status: xhr.status, data: xhr.response });
    xhr.onerror = () => reject(noAnswer(false));
    xhr.ontimeout = () => reject(noAnswer(true));
    xhr.onabort = () => reject(new DOMException('The request was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body ?? null);
  });
}

/**
 * Calls the API from the browser: signed, with the session cookies, in the page's language. A 401 on
 * an ordinary call renews the session once (refresh cookie) and retries; failures become ApiError.
 */
export async function apiCall<T>(path: string, options: CallOptions = {}, retried = false): Promise<T> {
  const json = jsonRequest(options.json);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...(await signedHeaders(json?.body)) };
  if (json) headers['Content-Type'] = json.contentType;
  const body = options.form ?? json?.body;
  const url = withLanguage(path, pageLanguage());
  const answer = await send({ url, method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body }, options);
  if (answer.status === 401 && !retried && !path.startsWith('/api/v1/auth/') && (await renewSession())) {
    options.onUploadProgress?.(0);
    return apiCall<T>(path, options, true);
  }
  if (answer.status < 200 || answer.status >= 300) throw failedAnswer(answer.status, answer.data);
  options.onUploadProgress?.(100);
  return answer.data as T;
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
