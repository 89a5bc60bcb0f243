import { type Database, fromFlag, nowIso, toFlag } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { randomToken, sha256 } from '../../core/crypto.ts';

type Db = Kysely<Database>;

const DAY = 86_400_000;
/** A remembered session lasts 30 days from its last use; otherwise one day. */
export const sessionLifetime = (remember: boolean) => (remember ? 30 : 1) * DAY;

export async function createSession(db: Db, input: { userId: number; remember: boolean; userAgent: string | null; ip: string | null }) {
  const sessionId = randomToken(18);
  const refreshToken = randomToken(32);
  const now = nowIso();
  const expiresAt = new Date(Date.now() + sessionLifetime(input.remember)).toISOString();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: input.userId,
        user_agent: input.userAgent?.slice(0, 300) ?? null,
        ip: input.ip,
        remember: toFlag(input.remember),
        created_at: now,
        last_used_at: now,
        expires_at: expiresAt,
      })
      .execute();
    await tx
      .insertInto('refresh_tokens')
      .values({ session_id: sessionId, token_hash: sha256(refreshToken), created_at: now, updated_at: now })
      .execute();
  });
  return { sessionId, refreshToken, expiresAt };
}

export type RotateResult =
  | { status: 'rotated'; userId: number; sessionId: string; refreshToken: string; expiresAt: string }
  | { status: 'reused' | 'invalid' };

/**
 * Exchanges a refresh token for a new one. A token seen before (already used) means it leaked:
 * the whole session is revoked (DESIGN §2).
 */
export async function rotateRefreshToken(db: Db, presented: string, sessionId: string | null): Promise<RotateResult> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('refresh_tokens as rt')
      .innerJoin('sessions as s', 's.id', 'rt.session_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['rt.id', 'rt.used_at', 's.id as session_id', 's.user_id', 's.remember', 's.expires_at', 's.revoked_at', 'u.status'])
      .where('rt.token_hash', '=', sha256(presented))
      .executeTakeFirst();
    if (!row || (sessionId && sessionId !== row.session_id)) return { status: 'invalid' as const };
    const now = nowIso();
    if (row.used_at) {
      await tx.updateTable('sessions').set({ revoked_at: now }).where('id', '=', row.session_id).where('revoked_at', 'is', null).execute();
      return { status: 'reused' as const };
    }
    if (row.revoked_at || row.expires_at <= now || row.status !== 'active') return { status: 'invalid' as const };
    const refreshToken = randomToken(32);
    const expiresAt = new Date(Date.now() + sessionLifetime(fromFlag(row.remember))).toISOString();
    await tx.updateTable('refresh_tokens').set({ used_at: now, updated_at: now }).where('id', '=', row.id).execute();
    await tx
      .insertInto('refresh_tokens')
      .values({ session_id: row.session_id, token_hash: sha256(refreshToken), created_at: now, updated_at: now })
      .execute();
    await tx.updateTable('sessions').set({ last_used_at: now, expires_at: expiresAt }).where('id', '=', row.session_id).execute();
    return { status: 'rotated' as const, userId: row.user_id, sessionId: row.session_id, refreshToken, expiresAt };
  });
}

/** The session's user when the session is live and the user active; null otherwise. */
export async function findLiveSession(db: Db, sessionId: string, userId: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 'u.id as user_id', 'u.email_verified_at'])
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', nowIso())
    .where('u.status', '=', 'active')
    .executeTakeFirst();
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a user (log out of all devices, suspension, password change). */
export async function revokeUserSessions(db: Db, userId: number, except?: string): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (except) q = q.where('id', '!=', except);
  await q.execute();
}

/** Deletes the sessions that expired or were revoked before `revokedBefore` (their refresh tokens go by cascade); answers how many. */
export async function deleteEndedSessions(db: Db, now: string, revokedBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', '<', revokedBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
