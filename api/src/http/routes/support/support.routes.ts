import { createRoute, z } from '@hono/zod-openapi';
import { createSupportRequest } from '../../../domain/support/support.service.ts';
import type { Deps } from '../../context.ts';
import { guestBody } from '../../guest-body.ts';
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

const checkBody = guestBody(['name', 'email', 'subject', 'message']);

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
