import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * An error the client can act on. `code` is stable for programs; the message is looked up from
 * `api.errors.<code>` in the request's language when the envelope is written.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly params: Record<string, unknown> = {},
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(code);
  }
}

export const notFound = (code = 'NOT_FOUND', params?: Record<string, unknown>) => new AppError(404, code, params);
export const validationFailed = (details: ErrorDetail[]) => new AppError(422, 'VALIDATION_FAILED', {}, details);

/** The stable code for each status, when nothing more specific is known (SPEC §8). */
export const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'EMAIL_NOT_VERIFIED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
  505: 'HTTP_VERSION_NOT_SUPPORTED',
};
