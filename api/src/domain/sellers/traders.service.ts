import type { AdminTrader, MyTrader } from '@autoroute/contract/sellers';
import { nowIso } from '@autoroute/db';
import { AppError, notFound } from '../../core/errors.ts';
import { audited } from '../admin/audit.service.ts';
import type { DomainDeps } from '../deps.ts';
import { publicSellerName } from './sellers.service.ts';
import { decideTrader, findTrader, saveTrader, sellerTypeOf, traderRecords } from './traders.data.ts';
import type { TraderDecision, TraderInput } from './traders.inputs.ts';

type Db = DomainDeps['db'];
type TraderRow = NonNullable<Awaited<ReturnType<typeof findTrader>>>;

const toMine = (t: TraderRow): MyTrader => ({
  legalName: t.legal_name,
  address: t.address,
  registrationNumber: t.registration_number,
  email: t.email,
  phone: t.phone,
  status: t.status,
  refusalReason: t.refusal_reason,
  submittedAt: t.submitted_at,
  decidedAt: t.decided_at,
});

/** My trader details, or null when I never entered them. */
export async function myTrader(db: Db, userId: number): Promise<MyTrader | null> {
  const found = await findTrader(db, userId);
  return found ? toMine(found) : null;
}

/**
 * A professional seller enters or changes their trader details (DSA art. 30-31): they wait for an
 * administrator's check. The same details sent again change nothing (a verified trader stays so);
 * any change makes them pending again, and they are no longer shown until checked. 403 for a
 * private seller.
 */
export async function saveMyTrader(db: Db, userId: number, input: TraderInput): Promise<MyTrader> {
  const type = await sellerTypeOf(db, userId);
  if (!type) throw notFound('USER_NOT_FOUND');
  if (type !== 'professional') throw new AppError(403, 'TRADER_NOT_PROFESSIONAL');
  const fields = {
    legal_name: input.legalName,
    address: input.address,
    registration_number: input.registrationNumber,
    email: input.email,
    phone: input.phone,
  };
  const before = await findTrader(db, userId);
  const same = before && (Object.keys(fields) as (keyof typeof fields)[]).every((k) => before[k] === fields[k]);
  if (!same) await saveTrader(db, userId, fields, nowIso());
  return toMine((await findTrader(db, userId))!);
}

const toAdmin = (t: Awaited<ReturnType<typeof traderRecords>>[number]): AdminTrader => ({
  ...toMine(t),
  id: t.user_id,
  accountName: publicSellerName({ ...t, name: t.account_name }),
  accountEmail: t.account_email,
  sellerType: t.seller_type,
});

/** Traders as the console lists them, in the order of `ids`. */
export async function adminTraderRecords(db: Db, ids: readonly number[]): Promise<AdminTrader[]> {
  return (await traderRecords(db, ids)).map(toAdmin);
}

/** An administrator verifies a trader's details, or refuses them with a reason; audited (resource `traders`). */
export async function decideOnTrader(db: Db, actor: { userId: number }, userId: number, input: TraderDecision): Promise<AdminTrader> {
  return audited(db, actor, { resource: 'traders', action: 'update' }, async (tx) => {
    const [before] = await adminTraderRecords(tx, [userId]);
    if (!before) throw notFound('TRADER_NOT_FOUND');
    await decideTrader(tx, userId, {
      status: input.decision === 'verify' ? 'verified' : 'refused',
      refusal_reason: input.decision === 'refuse' ? (input.reason ?? null) : null,
      decided_at: nowIso(),
      decided_by: actor.userId,
    });
    const after = (await adminTraderRecords(tx, [userId]))[0]!;
    return { recordId: userId, before, after, result: after };
  });
}
