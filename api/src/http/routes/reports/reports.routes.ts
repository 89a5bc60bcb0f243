import { createRoute, z } from '@hono/zod-openapi';
import { createReport } from '../../../domain/reports/reports.service.ts';
import type { Deps } from '../../context.ts';
import { guestBody } from '../../guest-body.ts';
import { failure, jsonBody, jsonContent } from '../../openapi.ts';
import { requestInfo } from '../../request.ts';
import { createRouter } from '../../router.ts';
import { ReportBody, ReportCreated, ReportPending } from './reports.schemas.ts';

export const reportRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Reports'],
  summary:
    'Report a listing, a seller or a message (DSA art. 16). A member’s report is stored at once; a guest’s first call mails a code to the address given (202), the same report sent again with sessionId and code stores it',
  request: jsonBody(ReportBody),
  responses: {
    201: { description: 'Stored; the reporter is mailed an acknowledgement', ...jsonContent(z.object({ data: ReportCreated })) },
    202: { description: 'A guest’s report waits for the code mailed to their address', ...jsonContent(z.object({ data: ReportPending })) },
    400: failure('CODE_INVALID, CODE_EXPIRED or CODE_LOCKED: the guest’s code does not confirm this report'),
    403: failure(
      'REPORT_OWN_TARGET: one’s own listing, account or message; REPORT_NOT_PARTICIPANT: a message of someone else’s conversation',
    ),
    404: failure('REPORT_TARGET_NOT_FOUND: no such listing online, active seller or message'),
    409: failure('REPORT_DUPLICATE: this reporter already reported this target for this reason'),
    422: failure('VALIDATION_FAILED: details name each field (a guest without name or email included)'),
    429: failure('TOO_MANY_REQUESTS, with Retry-After'),
  },
});

const checkBody = guestBody(['targetKind', 'targetId', 'reason', 'details', 'goodFaith', 'name', 'email', 'sessionId', 'code']);

/** POST /reports: members and guests report content (docs/decisions/051-reports.md). */
export function reportsRoutes(deps: Deps) {
  return createRouter().openapi(
    reportRoute,
    async (c) => {
      const req = requestInfo(c, deps.config.trustProxy);
      const result = await createReport(deps, c.req.valid('json'), c.get('principal')?.userId ?? null, req);
      if (result.status === 'pending') return c.json({ data: { sessionId: result.sessionId, expiresIn: result.expiresIn } }, 202);
      return c.json({ data: { id: result.id, status: 'open' as const } }, 201);
    },
    (result, c) => checkBody(result, c),
  );
}
