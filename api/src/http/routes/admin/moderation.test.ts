import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, outboxMails, type RouteJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { appealRoute, myDecisionsRoute } from '../me/decisions.routes.ts';
import type { decisionRoute } from './moderation.routes.ts';

// The moderation queue (docs/decisions/057) through the real app: reports → case → decision → appeal.
type Detail = RouteJson<typeof decisionRoute, 200>['data'];
type Mine = RouteJson<typeof myDecisionsRoute, 200>['data'];

let t: TestApp;
let seller: TestMember;
let moderator: TestMember;
let member: TestMember;
let reporters: TestMember[];
let listing: number;
let other: number;
const db = () => t.database.db;

const report = (who: TestMember, body: Record<string, unknown>) =>
  t.request('/api/v1/reports', { method: 'POST', headers: who.headers, json: { goodFaith: true, ...body } });
const caseOf = (kind: 'listing' | 'seller' | 'message' | 'review', id: number) =>
  db()
    .selectFrom('moderation_cases')
    .selectAll()
    .where('target_kind', '=', kind)
    .where('target_id', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const vehicle = (id: number) =>
  db().selectFrom('vehicles').select(['moderation', 'sold', 'sold_at']).where('id', '=', id).executeTakeFirstOrThrow();
const decide = (id: number, body: unknown, who = moderator) =>
  t.request(`/api/v1/admin/moderation-cases/${id}/decision`, { method: 'POST', headers: who.headers, json: body });
const publicRead = (id: number) => t.request(`/api/v1/vehicles/${id}`);
const searchIds = async (query = '') => {
  const res = await t.request(`/api/v1/vehicles?perPage=100${query}`);
  return ((await res.json()) as { data: { id: number }[] }).data.map((v) => v.id);
};

beforeAll(async () => {
  t = await createTestApp({ vehicles: 6 });
  seller = await t.member('selma');
  moderator = await t.member('mona');
  member = await t.member('mike');
  reporters = [await t.member('rae'), await t.member('rob'), await t.member('ria')];
  await t.grant(moderator.id, ['admin.moderation.index', 'admin.moderation.update', 'admin.vehicle.index']);
  const ids = (await db().selectFrom('vehicles').select('id').orderBy('id').limit(2).execute()).map((r) => r.id);
  [listing, other] = ids as [number, number];
  await db().updateTable('vehicles').set({ owner_id: seller.id }).where('id', 'in', ids).execute();
  // The seller reads French: the statement of reasons is in it.
  const fr = await db().selectFrom('languages').select('id').where('code', '=', 'fr_FR').executeTakeFirstOrThrow();
  await db().updateTable('users').set({ language_id: fr.id }).where('id', '=', seller.id).execute();
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.deps.limiters.reset('reportPerIp', 'local');
  for (const m of [...reporters, member]) await t.deps.limiters.reset('reportPerReporter', `user:${m.id}`);
});

describe('a listing’s case from its reports to an appeal', () => {
  let caseId: number;

  it('gathers the reports of one listing in one case, riskier with each reporter, and holds the listing at the third', async () => {
    expect(await searchIds()).toContain(listing);
    expect((await report(reporters[0]!, { targetKind: 'listing', targetId: listing, reason: 'fraud_or_advance_payment' })).status).toBe(
      201,
    );
    const first = await caseOf('listing', listing);
    expect(first).toMatchObject({ status: 'open', reporters: 1, subject_user_id: seller.id });
    expect((await report(reporters[1]!, { targetKind: 'listing', targetId: listing, reason: 'misleading_price' })).status).toBe(201);
    const second = await caseOf('listing', listing);
    expect(second.id).toBe(first.id);
    expect(second.reporters).toBe(2);
    expect(second.risk).toBeGreaterThan(first.risk);
    expect((await vehicle(listing)).moderation).toBe('published');

    expect((await report(reporters[2]!, { targetKind: 'listing', targetId: listing, reason: 'fraud_or_advance_payment' })).status).toBe(
      201,
    );
    caseId = first.id;
    expect(await vehicle(listing)).toMatchObject({ moderation: 'held', sold: 2 });
    // Out of every public read: its page, the search, the search with sold listings.
    expect((await publicRead(listing)).status).toBe(404);
    expect(await searchIds()).not.toContain(listing);
    expect(await searchIds('&includeSold=true')).not.toContain(listing);
    // Its owner still sees it, with its state, in their listings and on its page.
    expect((await t.request(`/api/v1/vehicles/${listing}`, { headers: seller.headers })).status).toBe(200);
    const mine = (await (await t.request('/api/v1/me/vehicles', { headers: seller.headers })).json()) as {
      data: { id: number; moderation: string; caseId: number | null }[];
    };
    expect(mine.data.find((v) => v.id === listing)).toMatchObject({ moderation: 'held', caseId });
    // The automated hold is a decision with its statement, in French, and the case waits for a human.
    const statement = outboxMails(t.database.dir, seller.email).at(-1)!;
    expect(statement.subject).toBe(`Votre annonce est mise en attente (dossier ${caseId})`);
    expect(statement.text).toContain('3 personnes différentes');
    expect((await caseOf('listing', listing)).status).toBe('open');
  });

  it('shows the queue to moderators only, riskiest first, with the reports, signals and decisions of a case', async () => {
    await report(member, { targetKind: 'listing', targetId: other, reason: 'wrong_category' });
    for (const who of [undefined, member]) {
      const res = await t.request('/api/v1/admin/moderation-cases', who ? { headers: who.headers } : {});
      expect(res.status).toBe(who ? 403 : 401);
    }
    const list = await t.request('/api/v1/admin/moderation-cases', { headers: moderator.headers });
    expect(list.status).toBe(200);
    const rows = (await list.json()) as { id: number; risk: number; targetId: number; reasons: string[] }[];
    expect(rows[0]).toMatchObject({ id: caseId, targetId: listing, reasons: ['fraud_or_advance_payment', 'misleading_price'] });
    expect(rows.map((r) => r.targetId)).toContain(other);
    const one = await t.request(`/api/v1/admin/moderation-cases/${caseId}`, { headers: moderator.headers });
    const detail = (await one.json()) as Detail;
    expect(detail.reports).toHaveLength(3);
    expect(detail.decisions).toEqual([expect.objectContaining({ stage: 'decision', action: 'hold', automated: true })]);
    expect(detail.targetState).toBe('held');
  });

  it('refuses a decision without its ground or facts, one that does not fit the target, and one by a member', async () => {
    const before = await caseOf('listing', listing);
    const noGround = await decide(caseId, { action: 'remove', facts: 'Advance payment asked.' });
    expect(noGround.status).toBe(422);
    expect(JSON.stringify(await noGround.json())).toContain('ground');
    expect((await decide(caseId, { action: 'hold', ground: 'terms_fraud', facts: '' })).status).toBe(422);
    expect((await decide(caseId, { action: 'hold', ground: 'no_such_ground', facts: 'x' })).status).toBe(422);
    expect((await decide(caseId, { action: 'hold', ground: 'terms_fraud', facts: 'x' }, member)).status).toBe(403);
    expect((await t.request(`/api/v1/admin/moderation-cases/${caseId}/decision`, { method: 'POST', json: {} })).status).toBe(401);
    expect(await caseOf('listing', listing)).toEqual(before);
  });

  it('decides: the listing stays held, the seller gets the statement in French, each reporter the outcome, all audited', async () => {
    const taken = await t.request(`/api/v1/admin/moderation-cases/${caseId}/take`, { method: 'POST', headers: moderator.headers });
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as { data: Detail }).data).toMatchObject({ status: 'in_review', assigneeName: expect.any(String) });
    const res = await decide(caseId, {
      action: 'hold',
      ground: 'terms_fraud',
      facts: 'The seller asks buyers for a deposit by wire transfer.',
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Detail };
    expect(data).toMatchObject({ status: 'decided', targetState: 'held' });
    expect(data.decisions.at(-1)).toMatchObject({ action: 'hold', ground: 'terms_fraud', automated: false, decidedBy: expect.any(String) });
    expect(data.decisions.at(-1)!.statement).toContain('Conditions');
    const mail = outboxMails(t.database.dir, seller.email).at(-1)!;
    expect(mail.text).toContain('The seller asks buyers for a deposit by wire transfer.');
    expect(mail.text).toContain(`/my/decisions/${caseId}`);
    // Until when, as a French reader writes a date (six months on).
    expect(mail.text).toMatch(/jusqu’au \d{1,2} [a-zéû]+ \d{4} depuis/);
    for (const r of reporters) expect(outboxMails(t.database.dir, r.email).at(-1)!.text).toContain('on hold');
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'moderation-cases')
      .where('record_id', '=', String(caseId))
      .execute();
    expect(audit.map((a) => JSON.parse(a.after ?? '{}').status)).toEqual(['in_review', 'decided']);
    expect((await db().selectFrom('reports').select('status').where('case_id', '=', caseId).execute()).map((r) => r.status)).toEqual([
      'actioned',
      'actioned',
      'actioned',
    ]);
    expect((await decide(caseId, { action: 'remove', ground: 'terms_fraud', facts: 'again' })).status).toBe(409);
  });

  it('lets the seller read the statement and appeal once; nobody else may', async () => {
    const mine = await t.request('/api/v1/me/decisions', { headers: seller.headers });
    const decisions = ((await mine.json()) as { data: Mine }).data;
    expect(decisions[0]).toMatchObject({ id: caseId, canAppeal: true, status: 'decided' });
    expect(decisions[0]!.statements.map((s) => s.action)).toEqual(['hold', 'hold']);
    const appeal = (who: TestMember, text: string) =>
      t.request(`/api/v1/me/decisions/${caseId}/appeal`, { method: 'POST', headers: who.headers, json: { text } });
    expect((await appeal(member, 'This is not my listing but let me try')).status).toBe(404);
    expect((await appeal(seller, 'short')).status).toBe(422);
    const ok = await appeal(seller, 'I never asked for a deposit: the buyer misread my message about the viewing.');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as RouteJson<typeof appealRoute, 200>).data).toMatchObject({ status: 'appealed', canAppeal: false });
    expect((await appeal(seller, 'And once more, with feeling and detail.')).status).toBe(409);
  });

  it('reverses on appeal: the listing is back in public reads and the seller is told', async () => {
    const answer = (body: unknown) =>
      t.request(`/api/v1/admin/moderation-cases/${caseId}/appeal-decision`, { method: 'POST', headers: moderator.headers, json: body });
    expect((await answer({ outcome: 'maybe', facts: 'x' })).status).toBe(422);
    const res = await answer({ outcome: 'reversed', facts: 'The messages show a viewing was offered first.' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Detail }).data).toMatchObject({ status: 'closed', targetState: 'published' });
    expect(await vehicle(listing)).toMatchObject({ moderation: 'published', sold: 0 });
    expect((await publicRead(listing)).status).toBe(200);
    expect(await searchIds()).toContain(listing);
    expect(outboxMails(t.database.dir, seller.email).at(-1)!.subject).toBe(`La réponse à votre réclamation (dossier ${caseId})`);
    expect((await answer({ outcome: 'upheld', facts: 'again' })).status).toBe(409);
  });
});

describe('reporters whose notices are manifestly unfounded', () => {
  it('are counted at each unfounded decision and suspended from reporting at the limit', async () => {
    const abuser = await t.member('abe');
    const sellerOf = (id: number) => db().updateTable('vehicles').set({ owner_id: seller.id }).where('id', '=', id).execute();
    const ids = (await db().selectFrom('vehicles').select('id').orderBy('id').offset(2).limit(4).execute()).map((r) => r.id);
    for (const id of ids) await sellerOf(id);
    const limit = t.deps.config.trust.abuseLimit;
    for (let i = 0; i < limit; i++) {
      await t.deps.limiters.reset('reportPerReporter', `user:${abuser.id}`);
      const id = ids[i % ids.length]!;
      const res = await report(abuser, { targetKind: 'listing', targetId: id, reason: i < ids.length ? 'spam' : 'offensive' });
      expect(res.status).toBe(201);
      const c = await caseOf('listing', id);
      expect((await decide(c.id, { action: 'no_action', facts: `Nothing wrong with ${id}.`, unfounded: true })).status).toBe(200);
      expect((await caseOf('listing', id)).status).toBe('closed');
    }
    const standing = await db()
      .selectFrom('reporter_standing')
      .selectAll()
      .where('reporter_key', '=', `user:${abuser.id}`)
      .executeTakeFirst();
    expect(standing?.suspended_until ?? null).not.toBeNull();
    await t.deps.limiters.reset('reportPerReporter', `user:${abuser.id}`);
    const refused = await report(abuser, { targetKind: 'listing', targetId: other, reason: 'spam' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('REPORTS_SUSPENDED');
  });
});

describe('the transparency report', () => {
  it('counts notices by reason, decisions, appeals and the time to decide, as JSON and CSV', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.request(`/api/v1/admin/moderation-cases/transparency?from=${today}&to=${today}`, { headers: moderator.headers });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { reports: { reason: string; count: number }[]; appeals: number; decided: number } };
    expect(data.reports.find((r) => r.reason === 'fraud_or_advance_payment')?.count).toBe(2);
    expect(data.appeals).toBe(1);
    expect(data.decided).toBeGreaterThan(1);
    const csv = await t.request(`/api/v1/admin/moderation-cases/transparency?from=${today}&to=${today}&format=csv`, {
      headers: moderator.headers,
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toMatch(/^section,stage,reason_or_action/);
    expect(
      (await t.request(`/api/v1/admin/moderation-cases/transparency?from=${today}&to=${today}`, { headers: member.headers })).status,
    ).toBe(403);
    expect(
      (await t.request('/api/v1/admin/moderation-cases/transparency?from=nope&to=2026-01-01', { headers: moderator.headers })).status,
    ).toBe(422);
  });
});
