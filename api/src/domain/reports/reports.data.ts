import { type Database, type ReportTargetKind, toFlag } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/** A listing's owner, when the listing exists and its owner's account is active; undefined otherwise. */
export function findLiveListing(db: Db, id: number) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .select(['v.id', 'v.owner_id'])
    .where('v.id', '=', id)
    .where('u.status', '=', 'active')
    .executeTakeFirst();
}

/** A seller: an active account; undefined otherwise. */
export function findActiveAccount(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'email']).where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
}

/** A message with who wrote it and the two sides of its conversation. */
export function findMessageSides(db: Db, id: number) {
  return db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.sender', 'c.seller_id', 'c.buyer_id', 'c.buyer_email'])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/** A published review with its author (a member, or nobody once their account is gone); undefined otherwise. */
export function findPublishedReview(db: Db, id: number) {
  return db
    .selectFrom('reviews as r')
    .leftJoin('users as a', 'a.id', 'r.author_id')
    .select(['r.id', 'r.author_id', 'a.email as author_email'])
    .where('r.id', '=', id)
    .where('r.status', '=', 'published')
    .executeTakeFirst();
}

/** Who a member is to the team handling reports: their name, address and language. */
export function findReporter(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .select(['u.email', 'u.name', 'u.first_name', 'u.last_name', 'l.code as language_code'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Whether this reporter already reported this target for this reason. */
export async function reportExists(db: Db, r: { reporterKey: string; targetKind: ReportTargetKind; targetId: number; reason: string }) {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where('reporter_key', '=', r.reporterKey)
    .where('target_kind', '=', r.targetKind)
    .where('target_id', '=', r.targetId)
    .where('reason', '=', r.reason)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a report; answers its id, or null when the same reporter, target and reason is already stored (the unique index). */
export async function insertReport(
  db: Db,
  r: {
    targetKind: ReportTargetKind;
    targetId: number;
    reason: string;
    details: string | null;
    reporterUserId: number | null;
    reporterKey: string;
    reporterEmail: string;
    reporterName: string;
    reporterLanguage: string;
    goodFaith: boolean;
  },
): Promise<number | null> {
  const row = await db
    .insertInto('reports')
    .values({
      target_kind: r.targetKind,
      target_id: r.targetId,
      reason: r.reason,
      details: r.details,
      reporter_user_id: r.reporterUserId,
      reporter_key: r.reporterKey,
      reporter_email: r.reporterEmail,
      reporter_name: r.reporterName,
      reporter_language: r.reporterLanguage,
      good_faith: toFlag(r.goodFaith),
    })
    .onConflict((oc) => oc.columns(['reporter_key', 'target_kind', 'target_id', 'reason']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
