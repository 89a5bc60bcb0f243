import { createRoute, z } from '@hono/zod-openapi';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import { msg } from '../../validation.ts';
import { RUN_SORTS, type RunSort } from './datacrons.data.ts';

/** Longest page of runs one list request answers. */
export const MAX_RANGE = 100;
const OUTCOMES = ['running', 'success', 'error', 'skipped'] as const;
const TRIGGERS = ['schedule', 'manual'] as const;

/** A query parameter holding JSON (the ra-data-simple-rest contract: `sort`, `range`, `filter`). */
const jsonParam = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: msg('validation.notJson') });
        return z.NEVER;
      }
    })
    .pipe(schema);

const id = z.number().int().min(1).max(2147483647);
const oneOrMany = <T extends z.ZodType>(schema: T) => z.union([schema.transform((v) => [v]), z.array(schema).max(MAX_RANGE)]);

export const RunsQuery = z.object({
  sort: jsonParam(z.tuple([z.enum(Object.keys(RUN_SORTS) as [RunSort, ...RunSort[]]), z.enum(['ASC', 'DESC', 'asc', 'desc'])]))
    .optional()
    .openapi({ type: 'string', example: '["startedAt","DESC"]', description: 'Field and order; newest first by default' }),
  range: jsonParam(
    z
      .tuple([z.number().int().min(0).max(1_000_000), z.number().int().min(0).max(1_000_000)])
      .refine(([start, end]) => end >= start, { message: msg('validation.minAboveMax') })
      .refine(([start, end]) => end - start < MAX_RANGE, { message: msg('validation.rangeTooLong') }),
  )
    .optional()
    .openapi({ type: 'string', example: '[0,24]', description: `First and last index, both included; at most ${MAX_RANGE} runs` }),
  filter: jsonParam(
    z
      .object({
        id: z.array(id).max(MAX_RANGE).optional(),
        datacronId: oneOrMany(id).optional(),
        outcome: oneOrMany(z.enum(OUTCOMES)).optional(),
        trigger: oneOrMany(z.enum(TRIGGERS)).optional(),
      })
      .strict(),
  )
    .optional()
    .openapi({
      type: 'string',
      example: '{"datacronId":3}',
      description: 'Any of `id` (list), `datacronId`, `outcome`, `trigger` (one or a list)',
    }),
});

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
const guarded = { 401: failure('Not signed in'), 403: failure('Missing the admin permission') };

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

export const listRunsRoute = createRoute({
  method: 'get',
  path: '/datacron-runs',
  tags,
  summary: 'The run history of the scheduled jobs (admin.datacron.index)',
  description: 'ra-data-simple-rest list: answers an array, with the total in `Content-Range: datacron-runs 0-24/57`.',
  middleware: requirePermission('admin.datacron.index'),
  request: { query: RunsQuery },
  responses: {
    200: {
      description: 'One page of runs',
      headers: z.object({ 'Content-Range': z.string().openapi({ example: 'datacron-runs 0-24/57' }) }),
      ...jsonContent(z.array(Run)),
    },
    ...guarded,
    422: failure('VALIDATION_FAILED: a sort, range or filter that is not understood'),
  },
});

export const getRunRoute = createRoute({
  method: 'get',
  path: '/datacron-runs/{id}',
  tags,
  summary: 'One run of a scheduled job (admin.datacron.index)',
  middleware: requirePermission('admin.datacron.index'),
  request: { params: IdParam },
  responses: {
    200: { description: 'The run', ...jsonContent(Run) },
    ...guarded,
    404: failure('DATACRON_RUN_NOT_FOUND'),
  },
});
