import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type ErrorDetail, validationFailed } from '../../../core/errors.ts';
import { localizeIssues } from '../../../core/validation.ts';
import { createSupportRequest } from '../../../domain/support/support.service.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { failure, jsonBody, jsonContent } from '../../openapi.ts';
import { requestInfo } from '../../request.ts';
import { createRouter } from '../../router.ts';
import { SupportBody, SupportCreated } from './support.schemas.ts';

export const supportRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Support'],
  summary: 'Write to our support team (visitors and members); the requester gets a confirmation mail',
  request: jsonBody(SupportBody),
  responses: {
    201: { description: 'Received', ...jsonContent(z.object({ data: SupportCreated })) },
    422: failure('VALIDATION_FAILED: details name each field (a guest without name or email included)'),
    429: failure('TOO_MANY_REQUESTS, with Retry-After'),
  },
});

const FIELDS = ['name', 'email', 'subject', 'message'];
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * The body's problems in one 422, as every route answers them, plus the one rule the schema cannot
 * know: a guest must give a name and an email (a member's come from their account). Checked here so
 * that a guest's empty form gets every field's message at once, not in two rounds.
 */
function checkBody(result: { success: boolean; error?: z.ZodError; data?: unknown }, c: Context<AppEnv>): undefined {
  const t = c.get('t');
  const details: ErrorDetail[] = result.error ? localizeIssues(result.error.issues, t) : [];
  if (!c.get('principal')) {
    // The parsed body, or on failure the body as sent (the validator passes it along).
    const given = (result.data ?? {}) as Record<string, unknown>;
    for (const field of ['name', 'email']) {
      if (blank(given[field]) && !details.some((d) => d.path === field)) details.push({ path: field, message: t('validation.required') });
    }
  }
  if (details.length) {
    const rank = (d: ErrorDetail) => FIELDS.indexOf(d.path.split('.')[0]!);
    throw validationFailed(details.sort((a, b) => rank(a) - rank(b)));
  }
}

/** POST /support: visitors and members write to our support team (docs/decisions/013-support-requests.md). */
export function supportRoutes(deps: Deps) {
  return createRouter().openapi(
    supportRoute,
    async (c) => {
      const req = requestInfo(c, deps.config.trustProxy);
      const data = await createSupportRequest(deps, c.req.valid('json'), c.get('principal')?.userId ?? null, req);
      return c.json({ data }, 201);
    },
    (result, c) => checkBody(result, c),
  );
}
