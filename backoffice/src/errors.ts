import type { ErrorEnvelope } from '@autoroute/contract/errors';
import { HttpError } from 'react-admin';

/** The API's error envelope (DESIGN §2), as far as a body tells: its message is what counts here. */
const isEnvelope = (body: unknown): body is Pick<ErrorEnvelope, 'error'> & Partial<ErrorEnvelope> =>
  typeof body === 'object' && body !== null && typeof (body as ErrorEnvelope).error === 'string';

/**
 * Turns the envelope into what react-admin understands: the localized `error` as the message (the
 * toast), and each detail as `body.errors[path]` so a form puts it under its input. `root.serverError`
 * makes the form's own "invalid" toast show the server's sentence instead of a generic one.
 */
export function fromEnvelope(error: unknown): unknown {
  if (!(error instanceof HttpError) || !isEnvelope(error.body)) return error;
  const body = error.body;
  const errors: Record<string, unknown> = {};
  for (const detail of body.details ?? []) {
    if (typeof detail?.path === 'string' && typeof detail.message === 'string' && !(detail.path in errors)) {
      errors[detail.path] = detail.message;
    }
  }
  const hasFieldErrors = Object.keys(errors).length > 0;
  if (hasFieldErrors) errors.root = { serverError: body.error };
  return new HttpError(body.error, error.status, { ...body, ...(hasFieldErrors ? { errors } : {}) });
}
