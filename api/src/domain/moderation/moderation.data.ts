import { type CaseStatus, type CaseTargetKind, type Database, type DialectName, type ListingModeration, WITHHELD } from '@autoroute/db';
import { type Kysely, sql } from 'kysely';
import { containsAny, idPage, type ListQuery, type SortColumns } from '../admin/list-page.data.ts';

type Db = Kysely<Database>;

/** The case open or in review about this target, if any: a new report joins it. */
export function findActiveCase(db: Db, kind: CaseTargetKind, targetId: number) {
  return db
    .selectFrom('moderation_cases')
    .selectAll()
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('status', 'in', ['open', 'in_review'])
    .executeTakeFirst();
}

export function findCase(db: Db, id: number) {
  return db.selectFrom('moderation_cases').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Opens a case; answers its id, or null when another one opened it first (the partial unique index). */
export async function insertCase(
  db: Db,
  c: { kind: CaseTargetKind; targetId: number; subjectUserId: number | null; label: string; now: string },
): Promise<number | null> {
  const row = await db
    .insertInto('moderation_cases')
    .values({
      target_kind: c.kind,
      target_id: c.targetId,
      subject_user_id: c.subjectUserId,
      target_label: c.label,
      opened_at: c.now,
      updated_at: c.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function updateCase(
  db: Db,
  id: number,
  values: Partial<{
    status: CaseStatus;
    risk: number;
    reporters: number;
    assignee_id: number | null;
    appeal: string;
    appealed_at: string;
    decided_at: string;
    closed_at: string;
  }> & { updated_at: string },
): Promise<void> {
  await db.updateTable('moderation_cases').set(values).where('id', '=', id).execute();
}

export async function joinCase(db: Db, reportId: number, caseId: number): Promise<void> {
  await db.updateTable('reports').set({ case_id: caseId }).where('id', '=', reportId).execute();
}

/** A case's reports: reasons and reporters, oldest first. */
export function caseReports(db: Db, caseId: number) {
  return db
    .selectFrom('reports')
    .select([
      'id',
      'reason',
      'details',
      'reporter_key',
      'reporter_user_id',
      'reporter_name',
      'reporter_email',
      'reporter_language',
      'good_faith',
      'status',
      'created_at',
    ])
    .where('case_id', '=', caseId)
    .orderBy('id')
    .execute();
}

export async function setReportsOutcome(db: Db, caseId: number, status: 'actioned' | 'dismissed'): Promise<void> {
  await db.updateTable('reports').set({ status }).where('case_id', '=', caseId).where('status', '=', 'open').execute();
}

/** The severities of a listing's fraud signals. */
export async function signalSeverities(db: Db, vehicleId: number): Promise<string[]> {
  const rows = await db.selectFrom('listing_signals').select('severity').where('vehicle_id', '=', vehicleId).execute();
  return rows.map((r) => r.severity);
}

/** Who a target belongs to and what the queue calls it; undefined when it does not exist. */
export async function findTarget(db: Db, kind: CaseTargetKind, id: number): Promise<{ userId: number | null; label: string } | undefined> {
  if (kind === 'listing') {
    const v = await db.selectFrom('vehicles').select(['owner_id', 'title']).where('id', '=', id).executeTakeFirst();
    return v && { userId: v.owner_id, label: v.title };
  }
  if (kind === 'seller') {
    const u = await db.selectFrom('users').select(['id', 'username']).where('id', '=', id).executeTakeFirst();
    return u && { userId: u.id, label: u.username };
  }
  if (kind === 'message') {
    const m = await db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.sender', 'm.body', 'c.seller_id', 'c.buyer_id'])
      .where('m.id', '=', id)
      .executeTakeFirst();
    return m && { userId: m.sender === 'seller' ? m.seller_id : m.buyer_id, label: m.body.slice(0, 80) };
  }
  const r = await db.selectFrom('reviews').select(['author_id', 'body']).where('id', '=', id).executeTakeFirst();
  return r && { userId: r.author_id, label: r.body.slice(0, 80) };
}

/**
 * A listing's moderation state, and its `sold` flag with it: 2 (withheld, out of every public read and
 * of the search's indexes' live and sold parts) unless published, then 0 or 1 as `sold_at` says.
 */
export async function setListingModeration(db: Db, vehicleId: number, state: ListingModeration, now: string): Promise<void> {
  await db
    .updateTable('vehicles')
    .set({
      moderation: state,
      sold: state === 'published' ? sql<number>`case when sold_at is null then 0 else 1 end` : WITHHELD,
      updated_at: now,
    })
    .where('id', '=', vehicleId)
    .execute();
}

export function listingModeration(db: Db, vehicleId: number) {
  return db.selectFrom('vehicles').select(['id', 'moderation', 'owner_id', 'title']).where('id', '=', vehicleId).executeTakeFirst();
}

export async function setReviewStatus(db: Db, reviewId: number, status: 'published' | 'removed'): Promise<void> {
  await db.updateTable('reviews').set({ status }).where('id', '=', reviewId).execute();
}

export async function insertDecision(
  db: Db,
  d: {
    caseId: number;
    stage: 'decision' | 'appeal';
    action: string;
    ground: string | null;
    facts: string;
    automated: boolean;
    unfounded: boolean;
    decidedBy: number | null;
    language: string | null;
    statement: string | null;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('moderation_decisions')
    .values({
      case_id: d.caseId,
      stage: d.stage,
      action: d.action,
      ground: d.ground,
      facts: d.facts,
      automated: d.automated ? 1 : 0,
      unfounded: d.unfounded ? 1 : 0,
      decided_by: d.decidedBy,
      language: d.language,
      statement: d.statement,
      decided_at: d.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function caseDecisions(db: Db, caseIds: readonly number[]) {
  if (!caseIds.length) return Promise.resolve([]);
  return db
    .selectFrom('moderation_decisions as d')
    .leftJoin('users as u', 'u.id', 'd.decided_by')
    .select([
      'd.id',
      'd.case_id',
      'd.stage',
      'd.action',
      'd.ground',
      'd.facts',
      'd.automated',
      'd.unfounded',
      'd.language',
      'd.statement',
      'd.decided_at',
      'u.username as decided_by_name',
    ])
    .where('d.case_id', 'in', caseIds)
    .orderBy('d.id')
    .execute();
}

/** The person concerned, to write to: address, language, name, and whether they take mail. */
export function subjectContact(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.status', 'l.code as language', 'np.email as notify_email', 'np.type as notify_type'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** A reporter's standing: their unfounded notices and a suspension of their reports. */
export function reporterStanding(db: Db, key: string) {
  return db.selectFrom('reporter_standing').selectAll().where('reporter_key', '=', key).executeTakeFirst();
}

export async function saveStanding(db: Db, key: string, unfounded: number, suspendedUntil: string | null, now: string): Promise<void> {
  await db
    .insertInto('reporter_standing')
    .values({ reporter_key: key, unfounded, suspended_until: suspendedUntil, updated_at: now })
    .onConflict((oc) => oc.column('reporter_key').doUpdateSet({ unfounded, suspended_until: suspendedUntil, updated_at: now }))
    .execute();
}

/** The cases about one person's content, newest first: their statements of reasons. */
export function subjectCases(db: Db, userId: number) {
  return db
    .selectFrom('moderation_cases')
    .selectAll()
    .where('subject_user_id', '=', userId)
    .where('decided_at', 'is not', null)
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export interface CaseFilter {
  ids?: number[];
  statuses?: CaseStatus[];
  kinds?: CaseTargetKind[];
  q?: string;
}

/** The queue: filtered cases in the asked order (by default the riskiest first, then the oldest). */
export function caseIdPage(db: Db, dialect: DialectName, f: CaseFilter, sort: SortColumns, query: ListQuery) {
  let base = db.selectFrom('moderation_cases as m');
  if (f.ids) base = base.where('m.id', 'in', f.ids);
  if (f.statuses) base = base.where('m.status', 'in', f.statuses);
  if (f.kinds) base = base.where('m.target_kind', 'in', f.kinds);
  const text = f.q;
  if (text !== undefined) base = base.where((eb) => containsAny(eb, ['m.target_label', 'm.appeal'], text, dialect));
  return idPage(base, { id: 'm.id', sort }, query);
}

export function caseRows(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('moderation_cases as m')
    .leftJoin('users as u', 'u.id', 'm.subject_user_id')
    .leftJoin('users as a', 'a.id', 'm.assignee_id')
    .selectAll('m')
    .select(['u.username as subject_name', 'a.username as assignee_name'])
    .where('m.id', 'in', ids)
    .execute();
}

/** The figures of the transparency report (DSA art. 15, 24) between two instants. */
export async function transparencyFigures(db: Db, from: string, to: string) {
  const [reasons, decisions, durations, appeals] = await Promise.all([
    db
      .selectFrom('reports')
      .select(['reason', 'target_kind', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(['reason', 'target_kind'])
      .execute(),
    db
      .selectFrom('moderation_decisions')
      .select(['stage', 'action', 'ground', 'automated', (eb) => eb.fn.countAll<number>().as('n')])
      .where('decided_at', '>=', from)
      .where('decided_at', '<', to)
      .groupBy(['stage', 'action', 'ground', 'automated'])
      .execute(),
    db
      .selectFrom('moderation_cases')
      .select(['opened_at', 'decided_at'])
      .where('decided_at', '>=', from)
      .where('decided_at', '<', to)
      .execute(),
    db
      .selectFrom('moderation_cases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('appealed_at', '>=', from)
      .where('appealed_at', '<', to)
      .executeTakeFirstOrThrow(),
  ]);
  return { reasons, decisions, durations, appeals: Number(appeals.n) };
}

/** The latest case about each of these targets, by target id. */
export async function latestCases(db: Db, kind: CaseTargetKind, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('moderation_cases')
    .select(['target_id', (eb) => eb.fn.max('id').as('id')])
    .where('target_kind', '=', kind)
    .where('target_id', 'in', ids)
    .groupBy('target_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.target_id), Number(r.id)]));
}

/** Each case's distinct reasons reported. */
export async function caseReasons(db: Db, caseIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!caseIds.length) return out;
  const rows = await db
    .selectFrom('reports')
    .select(['case_id', 'reason'])
    .distinct()
    .where('case_id', 'in', caseIds)
    .orderBy('reason')
    .execute();
  for (const r of rows) {
    const list = out.get(Number(r.case_id)) ?? [];
    list.push(r.reason);
    out.set(Number(r.case_id), list);
  }
  return out;
}

/** A listing case's listing state now (null when the listing is gone or the target is not a listing). */
export async function caseTargetStates(db: Db, caseIds: readonly number[]): Promise<Map<number, ListingModeration>> {
  if (!caseIds.length) return new Map();
  const rows = await db
    .selectFrom('moderation_cases as m')
    .innerJoin('vehicles as v', 'v.id', 'm.target_id')
    .select(['m.id', 'v.moderation'])
    .where('m.target_kind', '=', 'listing')
    .where('m.id', 'in', caseIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.moderation]));
}
