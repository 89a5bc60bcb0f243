import type { ErrorDetail, ErrorEnvelope } from '@autoroute/contract/errors';

/*
 * What every call to the API shares, from a server-rendered page (lib/api.ts) and from the browser
 * (lib/client.ts): the language on the URL and the JSON body. The browser reads a refusal's envelope
 * here into its ApiError; a page renders the envelope it was answered (docs/decisions/049-one-way-to-call-the-api.md).
 */

/** The path with the language the API answers in (`?lng=`, its messages and names). */
export const withLanguage = (path: string, lng: string): string => `${path}${path.includes('?') ? '&' : '?'}lng=${lng}`;

/** A JSON request body and the header that says so; none when there is nothing to send. */
export function jsonRequest(json: unknown): { body: string; contentType: string } | null {
  return json === undefined ? null : { body: JSON.stringify(json), contentType: 'application/json' };
}

/** A refusal as the envelope tells it (DESIGN §2); `fallback` when the answer was no envelope. */
export function readEnvelope(data: unknown, fallback: string): { code: string; error: string; details: ErrorDetail[] } {
  // Whatever came back: a proxy's error page is no envelope, so every part may be missing.
  const envelope = (data ?? {}) as Partial<ErrorEnvelope>;
  return { code: envelope.code ?? 'FAILED', error: envelope.error ?? fallback, details: envelope.details ?? [] };
}
