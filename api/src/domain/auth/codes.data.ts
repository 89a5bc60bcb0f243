import { type Database, nowIso } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { randomCode, randomToken, safeEqual, sha256 } from '../../core/crypto.ts';

type Db = Kysely<Database>;

const CODE_TTL_MS = 10 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
const PROCESS_TTL_MS = 15 * 60 * 1000;

/**
 * A new 6-digit code for (email, purpose), handed to `send` first and stored once sent: then the
 * previous unused codes of that pair stop working. A send that fails changes nothing.
 */
export async function createCode(
  db: Db,
  input: { email: string; userId: number | null; purpose: string; channel: string; subject?: string | null },
  /** Sends the code; the session id lets a mailed link name the flow too (issue 33). */
  send: (code: string, sessionId: string) => Promise<void>,
) {
  const code = randomCode();
  const sessionId = randomToken(18);
  await send(code, sessionId);
  const now = nowIso();
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('one_time_codes')
      .set({ consumed_at: now, updated_at: now })
      .where('email', '=', input.email)
      .where('purpose', '=', input.purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await tx
      .insertInto('one_time_codes')
      .values({
        purpose: input.purpose,
        channel: input.channel,
        user_id: input.userId,
        email: input.email,
        session_id: sessionId,
        code_hash: sha256(code),
        subject: input.subject ?? null,
        expires_at: new Date(Date.now() + CODE_TTL_MS).toISOString(),
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return { code, sessionId };
}

export type CheckResult =
  | { ok: true; purpose: string; userId: number | null; subject: string | null }
  | { ok: false; reason: 'invalid' | 'expired' | 'locked' };

/** Checks a code once: single use, expiring, and locked after CODE_MAX_ATTEMPTS wrong tries. */
export async function checkCode(db: Db, input: { email: string; sessionId: string; code: string }): Promise<CheckResult> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('one_time_codes')
      .select(['id', 'purpose', 'user_id', 'code_hash', 'attempts', 'expires_at', 'consumed_at', 'subject'])
      .where('session_id', '=', input.sessionId)
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (!row || row.consumed_at) return { ok: false, reason: 'invalid' } as const;
    const now = nowIso();
    if (row.expires_at <= now) return { ok: false, reason: 'expired' } as const;
    if (row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, reason: 'locked' } as const;
    if (!safeEqual(row.code_hash, sha256(input.code))) {
      await tx
        .updateTable('one_time_codes')
        .set({ attempts: row.attempts + 1, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      return { ok: false, reason: row.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'locked' : 'invalid' } as const;
    }
    await tx.updateTable('one_time_codes').set({ consumed_at: now, updated_at: now }).where('id', '=', row.id).execute();
    return { ok: true, purpose: row.purpose, userId: row.user_id, subject: row.subject } as const;
  });
}

/** A process id (256 bits) that authorizes exactly one follow-up of `purpose` for `email` (and the code's subject). */
export async function createProcess(
  db: Db,
  input: { email: string; userId: number | null; purpose: string; subject?: string | null },
): Promise<string> {
  const token = randomToken(32);
  const now = nowIso();
  await db
    .insertInto('process_ids')
    .values({
      purpose: input.purpose,
      token_hash: sha256(token),
      user_id: input.userId,
      email: input.email,
      subject: input.subject ?? null,
      expires_at: new Date(Date.now() + PROCESS_TTL_MS).toISOString(),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return token;
}

/** Consumes a process id when it matches purpose and email and is unused and unexpired; returns its user and subject. */
export async function consumeProcess(
  db: Db,
  input: { token: string; purpose: string; email: string },
): Promise<{ userId: number | null; subject: string | null } | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('process_ids')
      .select(['id', 'user_id', 'email', 'purpose', 'expires_at', 'consumed_at', 'subject'])
      .where('token_hash', '=', sha256(input.token))
      .executeTakeFirst();
    const now = nowIso();
    if (!row || row.consumed_at || row.expires_at <= now || row.purpose !== input.purpose || row.email !== input.email) return null;
    await tx.updateTable('process_ids').set({ consumed_at: now, updated_at: now }).where('id', '=', row.id).execute();
    return { userId: row.user_id, subject: row.subject };
  });
}

/** Deletes the one-time codes that expired or were used; answers how many. */
export async function deleteSpentCodes(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('one_time_codes')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('consumed_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the process ids that expired or were used; answers how many. */
export async function deleteSpentProcesses(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('process_ids')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('consumed_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
