import { createRouter, type Deps } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { audited } from './audit.service.ts';
import { findRun, listRuns, RUN_SORTS, type RunListRow, type RunSort, type RunsFilter } from './datacrons.data.ts';
import { getRunRoute, listRunsRoute, MAX_RANGE, OUTCOMES, runNowRoute, TRIGGERS } from './datacrons.schemas.ts';
import { contentRange, filterValue, parseListQuery } from './list-query.ts';

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
    .openapi(listRunsRoute, async (c) => {
      const t = c.get('t');
      const query = parseListQuery(c.req.valid('query'), {
        sortable: Object.keys(RUN_SORTS),
        filters: {
          id: filterValue.ids,
          datacronId: filterValue.ids,
          outcome: filterValue.words(OUTCOMES),
          trigger: filterValue.words(TRIGGERS),
        },
        defaultSort: { field: 'startedAt', order: 'DESC' },
        maxRange: MAX_RANGE,
        t,
      });
      const filter: RunsFilter = query.filter;
      const { rows, total } = await listRuns(deps.db, {
        filter,
        sort: query.sort.field as RunSort,
        order: query.sort.order === 'ASC' ? 'asc' : 'desc',
        offset: query.range.start,
        limit: query.range.end - query.range.start + 1,
      });
      c.header('Content-Range', contentRange('datacron-runs', query.range, rows.length, total));
      return c.json(rows.map(toRun), 200);
    })
    .openapi(getRunRoute, async (c) => {
      const run = await findRun(deps.db, c.req.valid('param').id);
      if (!run) throw notFound('DATACRON_RUN_NOT_FOUND');
      return c.json(toRun(run), 200);
    });
}
