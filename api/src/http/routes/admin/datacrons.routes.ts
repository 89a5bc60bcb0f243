import { createRoute, z } from '@hono/zod-openapi';
import { AppError, notFound } from '../../../core/errors.ts';
import { audited } from '../../../domain/admin/audit.service.ts';
import {
  findRun,
  foldedRunIdPage,
  foldsNamedBy,
  RUN_SORTS,
  type RunListRow,
  runIdPage,
  runRecords,
} from '../../../domain/admin/datacrons.data.ts';
import type { Deps } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { crudRouter } from './crud-router.ts';
import { OUTCOMES, Run, TRIGGERS } from './datacrons.schemas.ts';
import { filterValue } from './list-query.ts';

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

/** Longest page of runs one list request answers. */
const MAX_RANGE = 100;

const toRun = (r: RunListRow) => ({
  id: r.id,
  datacronId: r.datacron_id,
  datacronName: r.datacron_name,
  handler: r.handler,
  trigger: r.trigger,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  outcome: r.outcome,
  error: r.error,
  summary: r.summary,
});

/**
 * The scheduled jobs' own routes (issue 5 item 7): "run now" and the run history (read only). The
 * datacron rows themselves are the generic admin resource `datacrons`.
 */
export function datacronsRoutes(deps: Deps) {
  return createRouter()
    .openapi(runNowRoute, async (c) => {
      const { id } = c.req.valid('param');
      const result = await deps.jobs.runNow(id);
      if (result.status === 'not-found') throw notFound('DATACRON_NOT_FOUND');
      if (result.status !== 'finished') throw new AppError(409, 'JOB_RUNNING');
      const run = await findRun(deps.db, result.run.id);
      // The job's row (and its runs, by cascade) deleted while it ran.
      if (!run) throw notFound('DATACRON_NOT_FOUND');
      // The job wrote its own rows as it ran; the log says who started it and what it did.
      const data = await audited(deps.db, c.get('principal')!, { resource: 'datacrons', action: 'run' }, async () => ({
        recordId: id,
        before: null,
        after: toRun(run),
        result: toRun(run),
      }));
      return c.json({ data }, 200);
    })
    .route(
      '/datacron-runs',
      crudRouter({
        resource: 'datacron-runs',
        permission: 'admin.datacron.index',
        tags: ['Admin'],
        record: Run,
        summary: {
          list: 'The run history of the scheduled jobs (admin.datacron.index)',
          one: 'One run of a scheduled job (admin.datacron.index)',
        },
        describe: {
          one: 'The run',
          missing: 'DATACRON_RUN_NOT_FOUND',
          page: 'One page of runs',
          invalidQuery: 'VALIDATION_FAILED: a sort, range or filter that is not understood',
          list: 'ra-data-simple-rest list: answers an array, with the total in `Content-Range: datacron-runs 0-24/57`. Filters: `id`, `datacronId`, `outcome`, `trigger` (one or a list); `folded: true` answers each stretch of consecutive successful runs of a job as one row (its latest run, with `runs` and `firstStartedAt`), newest first, failures always alone.',
        },
        notFoundCode: 'DATACRON_RUN_NOT_FOUND',
        sorts: RUN_SORTS,
        defaultSort: { field: 'startedAt', order: 'DESC' },
        maxRange: MAX_RANGE,
        filters: {
          id: filterValue.ids,
          datacronId: filterValue.ids,
          outcome: filterValue.words(OUTCOMES),
          trigger: filterValue.words(TRIGGERS),
          folded: filterValue.flag,
        },
        page: (filter, sort, query) => (filter.folded ? foldedRunIdPage(deps.db, filter, query) : runIdPage(deps.db, filter, sort, query)),
        records: async (ids, _locale, filter) => {
          const runs = (await runRecords(deps.db, ids)).map(toRun);
          if (!filter?.folded) return runs;
          const folded = await foldsNamedBy(deps.db, filter, ids);
          return runs.map((run) => ({ ...run, ...folded.get(run.id) }));
        },
      }),
    );
}
