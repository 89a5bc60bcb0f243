import { createRoute, z } from '@hono/zod-openapi';
import { appealCase, myDecisions } from '../../../domain/moderation/moderation.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { AppealBody, MyDecision } from '../admin/moderation.schemas.ts';

const tags = ['Me'];

export const myDecisionsRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The moderation decisions about my content: each statement of reasons as sent, and whether I may still appeal (DSA art. 17, 20)',
  middleware: requireUser(),
  responses: {
    200: { description: 'Newest first', ...jsonContent(z.object({ data: z.array(MyDecision) })) },
    401: failure('Not signed in'),
  },
});

export const appealRoute = createRoute({
  method: 'post',
  path: '/{id}/appeal',
  tags,
  summary: 'Appeal a decision about my content, once, within six months of it',
  middleware: requireUser(),
  request: { params: IdParam, ...jsonBody(AppealBody) },
  responses: {
    200: { description: 'The appeal is with the moderators', ...jsonContent(z.object({ data: MyDecision })) },
    401: failure('Not signed in'),
    404: failure('CASE_NOT_FOUND: no decision about my content has this number'),
    409: failure('APPEAL_ALREADY_MADE, APPEAL_NOT_OPEN (nothing to appeal), APPEAL_TOO_LATE (six months passed)'),
    422: failure('VALIDATION_FAILED: the text'),
  },
});

/** A member's side of moderation (docs/decisions/057): the statements of reasons and the appeal. */
export function myDecisionsRoutes(deps: Deps) {
  return createRouter()
    .openapi(myDecisionsRoute, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: await myDecisions(deps.db, c.get('principal')!.userId) }, 200);
    })
    .openapi(appealRoute, async (c) => {
      const userId = c.get('principal')!.userId;
      const id = c.req.valid('param').id;
      await appealCase(deps.db, userId, id, c.req.valid('json'));
      const mine = (await myDecisions(deps.db, userId)).find((d) => d.id === id)!;
      return c.json({ data: mine }, 200);
    });
}
