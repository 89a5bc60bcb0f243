import { createRouter, type Deps } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { findRun, listRuns, type RunListRow } from './datacrons.data.ts';
import { getRunRoute, listRunsRoute, MAX_RANGE, runNowRoute } from './datacrons.schemas.ts';
import { contentRange } from './list-query.ts';

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
 * The scheduled jobs' own routes (issue 5 item 7): "run now" and the run history. The datacron
 * rows themselves are the generic admin resource `datacrons`.
 */
export function datacronsRoutes(deps: Deps) {
  return createRouter()
    .openapi(runNowRoute, async (c) => {
      const result = await deps.jobs.runNow(c.req.valid('param').id);
      if (result.status === 'not-found') throw notFound('DATACRON_NOT_FOUND');
      if (result.status !== 'finished') throw new AppError(409, 'JOB_RUNNING');
      const run = await findRun(deps.db, result.run.id);
      // The job's row (and its runs, by cascade) deleted while it ran.
      if (!run) throw notFound('DATACRON_NOT_FOUND');
      return c.json({ data: toRun(run) }, 200);
    })
    .openapi(listRunsRoute, async (c) => {
      const { sort = ['startedAt', 'DESC'], range = [0, MAX_RANGE - 1], filter = {} } = c.req.valid('query');
      const [start, end] = range;
      const { rows, total } = await listRuns(deps.db, {
        filter,
        sort: sort[0],
        order: sort[1].toLowerCase() === 'asc' ? 'asc' : 'desc',
        offset: start,
        limit: end - start + 1,
      });
      c.header('Content-Range', contentRange('datacron-runs', { start, end }, rows.length, total));
      return c.json(rows.map(toRun), 200);
    })
    .openapi(getRunRoute, async (c) => {
      const run = await findRun(deps.db, c.req.valid('param').id);
      if (!run) throw notFound('DATACRON_RUN_NOT_FOUND');
      return c.json(toRun(run), 200);
    });
}
