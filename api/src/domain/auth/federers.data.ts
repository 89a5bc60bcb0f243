import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';
import type { FedererClient } from './federation.ts';

type Db = Kysely<Database>;

const usable = (db: Db) =>
  db
    .selectFrom('federers')
    .where('active', '=', 1)
    .where('code', 'is not', null)
    .where('issuer', 'is not', null)
    .where('client_id', 'is not', null);

/** The federers a person can sign in with: active, and configured with an issuer and a client id. */
export async function listFederers(db: Db): Promise<{ code: string; name: string }[]> {
  const rows = await usable(db).select(['code', 'name']).orderBy('name').execute();
  return rows.map((r) => ({ code: r.code!, name: r.name }));
}

/** A usable federer by its code, with our client's credentials there; null when unknown or inactive. */
export async function findFederer(db: Db, code: string): Promise<(FedererClient & { name: string }) | null> {
  const row = await usable(db)
    .select(['id', 'code', 'name', 'issuer', 'client_id', 'client_secret', 'updated_at'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    code: row.code!,
    name: row.name,
    issuer: row.issuer!,
    clientId: row.client_id!,
    clientSecret: row.client_secret,
    updatedAt: row.updated_at,
  };
}

export async function findIdentityUser(db: Db, federerId: number, subject: string): Promise<number | null> {
  const row = await db
    .selectFrom('external_identities')
    .select('user_id')
    .where('federer_id', '=', federerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Links the provider's subject to the account; a second link of the same subject changes nothing. */
export async function linkIdentity(db: Db, input: { userId: number; federerId: number; subject: string; email: string; now: string }) {
  await db
    .insertInto('external_identities')
    .values({
      user_id: input.userId,
      federer_id: input.federerId,
      subject: input.subject,
      email: input.email,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.columns(['federer_id', 'subject']).doNothing())
    .execute();
}
