import { CASE_STATUSES, CASE_TARGET_KINDS } from '@autoroute/contract/moderation';
import { createRoute, z } from '@hono/zod-openapi';
import type { SortColumns } from '../../../domain/admin/list-page.data.ts';
import { caseIdPage } from '../../../domain/moderation/moderation.data.ts';
import {
  caseDetail,
  caseRecords,
  decideAppeal,
  decideCase,
  takeCase,
  transparencyReport,
} from '../../../domain/moderation/moderation.service.ts';
import type { Deps } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { crudRouter, guarded } from './crud-router.ts';
import { filterValue } from './list-query.ts';
import { AppealDecisionBody, DecisionBody, ModerationCase, ModerationCaseDetail, Transparency } from './moderation.schemas.ts';

const tags = ['Admin: moderation'];

/** `queue`: open and in review first, then the riskiest, then the oldest. */
const SORTS: Record<string, SortColumns> = {
  queue: [
    ['m.status', 'desc'],
    ['m.risk', 'desc'],
    ['m.opened_at', 'asc'],
  ],
  id: 'm.id',
  risk: 'm.risk',
  status: 'm.status',
  openedAt: 'm.opened_at',
  updatedAt: 'm.updated_at',
};

const Detail = jsonContent(z.object({ data: ModerationCaseDetail }));
const caseFailures = {
  ...guarded,
  404: failure('CASE_NOT_FOUND'),
};

const takeRoute = createRoute({
  method: 'post',
  path: '/{id}/take',
  tags,
  summary: 'Take a case: in review, assigned to me (admin.moderation.update)',
  middleware: requirePermission('admin.moderation.update'),
  request: { params: IdParam },
  responses: { 200: { description: 'The case', ...Detail }, ...caseFailures, 409: failure('CASE_NOT_OPEN: already decided') },
});

export const decisionRoute = createRoute({
  method: 'post',
  path: '/{id}/decision',
  tags,
  summary: 'Decide a case (admin.moderation.update): no action, warn, hold, remove or suspend, with a ground and the facts',
  description:
    'The person concerned gets the statement of reasons in their language (inbox and mail) and may appeal within six months; each reporter is told the outcome; the decision is in the audit log (docs/decisions/057).',
  middleware: requirePermission('admin.moderation.update'),
  request: { params: IdParam, ...jsonBody(DecisionBody) },
  responses: {
    200: { description: 'The case decided', ...Detail },
    ...caseFailures,
    409: failure('CASE_ALREADY_DECIDED'),
    422: failure('VALIDATION_FAILED (a restriction without its ground, no facts), MODERATION_ACTION_NOT_ALLOWED for this kind of target'),
  },
});

const appealDecisionRoute = createRoute({
  method: 'post',
  path: '/{id}/appeal-decision',
  tags,
  summary: 'Answer an appeal (admin.moderation.update): the decision stands (upheld) or is reversed and the content restored',
  middleware: requirePermission('admin.moderation.update'),
  request: { params: IdParam, ...jsonBody(AppealDecisionBody) },
  responses: {
    200: { description: 'The case closed', ...Detail },
    ...caseFailures,
    409: failure('APPEAL_NOT_PENDING: no appeal waits on this case'),
    422: failure('VALIDATION_FAILED'),
  },
});

const transparencyRoute = createRoute({
  method: 'get',
  path: '/transparency',
  tags,
  summary:
    'The transparency report between two dates (admin.moderation.index): notices by reason, decisions, appeals, median time to decide',
  middleware: requirePermission('admin.moderation.index'),
  request: {
    query: z.object({
      from: z.iso.date().optional().openapi({ example: '2026-01-01', description: 'Default: a year before `to`' }),
      to: z.iso.date().optional().openapi({ example: '2026-12-31', description: 'Inclusive; default: today' }),
      format: z.enum(['json', 'csv']).default('json'),
    }),
  },
  responses: {
    200: {
      description: 'The figures (CSV: one line per figure)',
      content: { 'application/json': { schema: z.object({ data: Transparency }) }, 'text/csv': { schema: z.string() } },
    },
    ...guarded,
    422: failure('VALIDATION_FAILED'),
  },
});

const csvCell = (v: string | number | boolean | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The moderation queue (docs/decisions/057): cases read under admin.moderation.index, decided under admin.moderation.update. */
export function adminModerationRoutes(deps: Deps) {
  const { db } = deps;
  const detail = async (id: number) => {
    const found = await caseDetail(db, id);
    if (!found) throw new Error(`case ${id} vanished`);
    return found;
  };
  const actor = (c: { get: (k: 'principal') => { userId: number } | null }) => ({ userId: c.get('principal')!.userId });
  return createRouter()
    .openapi(transparencyRoute, async (c) => {
      const q = c.req.valid('query');
      const last = q.to ?? new Date().toISOString().slice(0, 10);
      const first = q.from ?? new Date(Date.parse(last) - 365 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.parse(last) + 86_400_000).toISOString();
      const report = await transparencyReport(db, new Date(first).toISOString(), to);
      if (q.format === 'json') return c.json({ data: report }, 200);
      const lines = [
        ['section', 'stage', 'reason_or_action', 'target_or_ground', 'automated', 'count'],
        ...report.reports.map((r) => ['reports', '', r.reason, r.targetKind, '', r.count]),
        ...report.decisions.map((d) => ['decisions', d.stage, d.action, d.ground, d.automated, d.count]),
        ['appeals', '', '', '', '', report.appeals],
        ['decided', '', '', '', '', report.decided],
        ['median_hours_to_decide', '', '', '', '', report.medianHoursToDecide],
      ];
      c.header('Content-Disposition', `attachment; filename="transparency-${first}-${last}.csv"`);
      return c.body(`${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .openapi(takeRoute, async (c) => {
      const id = c.req.valid('param').id;
      await takeCase(db, actor(c), id);
      return c.json({ data: await detail(id) }, 200);
    })
    .openapi(decisionRoute, async (c) => {
      const id = c.req.valid('param').id;
      await decideCase(deps, actor(c), id, c.req.valid('json'));
      return c.json({ data: await detail(id) }, 200);
    })
    .openapi(appealDecisionRoute, async (c) => {
      const id = c.req.valid('param').id;
      await decideAppeal(deps, actor(c), id, c.req.valid('json'));
      return c.json({ data: await detail(id) }, 200);
    })
    .route(
      '/',
      crudRouter({
        resource: 'moderation-cases',
        permission: 'admin.moderation.index',
        tags,
        record: ModerationCase,
        summary: {
          list: 'The moderation queue (admin.moderation.index): filter status, targetKind, q, id; sort queue by default',
          one: 'One case with its reports, signals and decisions (admin.moderation.index)',
        },
        describe: { one: 'The case', missing: 'CASE_NOT_FOUND' },
        notFoundCode: 'CASE_NOT_FOUND',
        sorts: SORTS,
        defaultSort: { field: 'queue', order: 'ASC' },
        filters: {
          q: filterValue.text,
          status: filterValue.words(CASE_STATUSES),
          targetKind: filterValue.words(CASE_TARGET_KINDS),
          id: filterValue.ids,
        },
        page: ({ q, status, targetKind, id }, sort, query) =>
          caseIdPage(db, deps.dialect, { ids: id, statuses: status, kinds: targetKind, q }, sort, query),
        records: (ids) => caseRecords(db, ids),
        one: (id) => caseDetail(db, id),
      }),
    );
}
