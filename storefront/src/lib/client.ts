import { signedHeaders } from './signature.ts';

/** An API error as the envelope tells it (DESIGN §2), ready to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
  /** The message of one field, for inline errors. */
  field(path: string): string | undefined {
    return this.details.find((d) => d.path === path)?.message;
  }
}

const TIMEOUT_MS = 50_000; // SPEC §9

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
  const lng = document.documentElement.lang.replace('-', '_');
  let response: Response;
  try {
    response = await fetch(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const text = document.documentElement.dataset;
    throw new ApiError(
      0,
      timedOut ? 'REQUEST_TIMEOUT' : 'NETWORK',
      (timedOut ? text.timeoutMessage : text.networkMessage) ?? 'Network error',
    );
  }
  if (response.status === 401 && !retried && !path.startsWith('/api/v1/auth/')) {
    const renewed = await apiCall('/api/v1/auth/access-token', { method: 'POST' }).then(
      () => true,
      () => false,
    );
    if (renewed) return apiCall<T>(path, options, true);
  }
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const envelope = (data ?? {}) as { error?: string; code?: string; details?: { path: string; message: string }[] };
    throw new ApiError(
      response.status,
      envelope.code ?? 'FAILED',
      envelope.error ?? document.documentElement.dataset.failedMessage ?? 'API request failed',
      envelope.details,
    );
  }
  return data as T;
}
