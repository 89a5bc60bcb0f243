import { createRoute, z } from '@hono/zod-openapi';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';

export const OUTCOMES = ['running', 'success', 'error', 'skipped'] as const;
export const TRIGGERS = ['schedule', 'manual'] as const;

/** One run of a scheduled job (table datacron_runs). */
export const Run = z
  .object({
    id: z.number(),
    datacronId: z.number(),
    datacronName: z.string(),
    handler: z.string(),
    trigger: z.enum(TRIGGERS),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    outcome: z.enum(OUTCOMES).openapi({ description: '`skipped`: nothing to do on this database (a SQLite backup on PostgreSQL)' }),
    error: z.string().nullable(),
    summary: z.string().nullable().openapi({ description: 'What the run did, in a line' }),
  })
  .openapi('DatacronRun');

const tags = ['Admin'];
const guarded = { 401: failure('UNAUTHORIZED: not signed in'), 403: failure('FORBIDDEN: missing the admin permission') };

export const runNowRoute = createRoute({
  method: 'post',
  path: '/datacrons/{id}/run',
  tags,
  summary: 'Run a scheduled job now and answer its run (admin.datacron.update)',
  description:
    'Waits for the run to finish, and runs a job even while it is switched off. A job that fails still answers 200, with outcome `error` and its message.',
  middleware: requirePermission('admin.datacron.update'),
  request: { params: IdParam },
  responses: {
    200: { description: 'The finished run', ...jsonContent(z.object({ data: Run })) },
    ...guarded,
    404: failure('DATACRON_NOT_FOUND'),
    409: failure('JOB_RUNNING: a run of this job is under way, in this server process or another'),
  },
});
