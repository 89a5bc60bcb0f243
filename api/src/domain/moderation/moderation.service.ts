import {
  ACTIONS_BY_TARGET,
  APPEAL_DAYS,
  type AppealBody,
  type AppealDecisionBody,
  type CaseTargetKind,
  type DecisionAction,
  type DecisionBody,
} from '@autoroute/contract/moderation';
import type { ReportReason } from '@autoroute/contract/reports';
import { DEFAULT_LOCALE, formatTag, type Locale, matchLocale } from '@autoroute/locales';
import type { TFunction } from 'i18next';
import { AppError, notFound } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import { inTransaction } from '../../core/transaction.ts';
import { renderMail } from '../../mail/layout.tsx';
import { audited } from '../admin/audit.service.ts';
import type { DomainDeps } from '../deps.ts';
import { listingSignals } from '../trust/signals.ts';
import { setUserStatus } from '../user/user.data.ts';
import { insertNotifications } from '../vehicles/vehicles.write.data.ts';
import {
  caseDecisions,
  caseReasons,
  caseReports,
  caseRows,
  caseTargetStates,
  findActiveCase,
  findCase,
  findTarget,
  insertCase,
  insertDecision,
  joinCase,
  listingModeration,
  reporterStanding,
  saveStanding,
  setListingModeration,
  setReportsOutcome,
  setReviewStatus,
  signalSeverities,
  subjectCases,
  subjectContact,
  transparencyFigures,
  updateCase,
} from './moderation.data.ts';

type Db = DomainDeps['db'];
type Deps = Pick<DomainDeps, 'db' | 'config' | 'log' | 'mailer'>;
type Actor = { userId: number };

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** How much a report's reason weighs in a case's risk: the frauds and the illegal first. */
const REASON_WEIGHT: Record<ReportReason, number> = {
  fraud_or_advance_payment: 40,
  stolen_or_illegal: 40,
  wrong_vin: 20,
  misleading_price: 15,
  misleading_mileage: 15,
  misleading_photos: 15,
  dealer_posing_as_private: 15,
  duplicate: 10,
  offensive: 10,
  spam: 10,
  other: 10,
  sold_or_unavailable: 5,
  wrong_category: 5,
};
const SEVERITY_WEIGHT: Record<string, number> = { high: 30, medium: 15, low: 5 };

/**
 * A case's risk: its reports' reasons (one reporter's reasons counted once each), ten a distinct
 * reporter, and the listing's fraud signals. The queue sorts by it, then by age.
 */
async function caseRisk(db: Db, kind: CaseTargetKind, targetId: number, caseId: number) {
  const reports = await caseReports(db, caseId);
  const reporters = new Set(reports.map((r) => r.reporter_key)).size;
  const reasons = reports.reduce((sum, r) => sum + (REASON_WEIGHT[r.reason as ReportReason] ?? 10), 0);
  const signals = kind === 'listing' ? (await signalSeverities(db, targetId)).reduce((s, v) => s + (SEVERITY_WEIGHT[v] ?? 0), 0) : 0;
  return { risk: reasons + reporters * 10 + signals, reporters };
}

/** The case about a target open or in review, opened now when there is none. */
async function activeCase(db: Db, kind: CaseTargetKind, targetId: number, now: string) {
  const found = await findActiveCase(db, kind, targetId);
  if (found) return found;
  const target = await findTarget(db, kind, targetId);
  if (!target) throw notFound('CASE_TARGET_NOT_FOUND');
  await insertCase(db, { kind, targetId, subjectUserId: target.userId, label: target.label, now });
  // Whoever opened it (this call or a report at the same instant), it is there now.
  const opened = await findActiveCase(db, kind, targetId);
  if (!opened) throw new AppError(409, 'CASE_CONFLICT');
  return opened;
}

/** Refused reporting while a reporter's notices are suspended for being manifestly unfounded (DSA art. 23). */
export async function assertMayReport(db: Db, reporterKey: string, now = new Date()): Promise<void> {
  const standing = await reporterStanding(db, reporterKey);
  if (standing?.suspended_until && standing.suspended_until > now.toISOString())
    throw new AppError(403, 'REPORTS_SUSPENDED', { until: standing.suspended_until.slice(0, 10) });
}

/**
 * A stored report joins its target's case (opened when there is none) and the case's risk and
 * reporters are counted again. A listing reported by `holdReports` distinct people is held at once,
 * an automated decision the seller is told of with its statement, until a moderator decides.
 */
export async function fileReport(deps: Deps, report: { id: number; targetKind: CaseTargetKind; targetId: number }): Promise<void> {
  const held = await inTransaction(deps.db, async (tx) => {
    const now = new Date().toISOString();
    const found = await activeCase(tx, report.targetKind, report.targetId, now);
    await joinCase(tx, report.id, found.id);
    const { risk, reporters } = await caseRisk(tx, report.targetKind, report.targetId, found.id);
    await updateCase(tx, found.id, { risk, reporters, updated_at: now });
    if (report.targetKind !== 'listing' || reporters < deps.config.trust.holdReports) return null;
    const listing = await listingModeration(tx, report.targetId);
    if (listing?.moderation !== 'published') return null;
    await setListingModeration(tx, listing.id, 'held', now);
    return decide(
      tx,
      deps,
      found,
      { action: 'hold', ground: undefined, facts: '', unfounded: false },
      { automated: true, by: null, now, reporters },
    );
  });
  if (held) await tell(deps, held);
}

interface Told {
  subject: { email: string; locale: Locale; content: { subject: string; text: string[] } } | null;
  reporters: { email: string; locale: Locale; content: { subject: string; text: string[] } }[];
}

/** Mails after the commit: a mail server down fails no decision (the inbox row is written). */
async function tell(deps: Deps, told: Told) {
  const all = [...(told.subject ? [told.subject] : []), ...told.reporters];
  for (const m of all) {
    try {
      const content = {
        subject: m.content.subject,
        blocks: m.content.text.map((text) => ({ type: 'text' as const, text })),
        footer: translator(m.locale)('mail.footer.moderation'),
      };
      await deps.mailer.send({ to: m.email, ...(await renderMail(m.locale, content)) });
    } catch (err) {
      deps.log.error({ err }, 'moderation mail not sent');
    }
  }
}

const localeOf = (code: string | null | undefined): Locale => matchLocale(code ?? undefined) ?? DEFAULT_LOCALE;

/**
 * The statement of reasons (DSA art. 17(3)): what is restricted and how, the facts, whether it was
 * automated, the ground and why it applies, and the redress: an appeal here within six months, an
 * out-of-court dispute settlement body, a court.
 */
function statementOf(
  t: TFunction,
  c: { kind: CaseTargetKind; label: string; caseId: number; locale: Locale },
  d: {
    action: string;
    ground: string | null;
    facts: string;
    automated: boolean;
    reporters?: number;
    appealUntil: string | null;
    stage: 'decision' | 'appeal';
  },
  url: string,
): { subject: string; text: string[] } {
  const what = t(`moderation.targets.${c.kind}`, { label: c.label });
  const text =
    d.stage === 'appeal'
      ? [t(`moderation.statement.appeal.${d.action}`, { what })]
      : [
          t(`moderation.statement.action.${d.action}`, { what }),
          d.automated ? t('moderation.statement.automated', { count: d.reporters ?? 0 }) : t('moderation.statement.human'),
          ...(d.ground
            ? [
                t('moderation.statement.ground', {
                  ground: t(`moderation.grounds.${d.ground}.label`),
                  why: t(`moderation.grounds.${d.ground}.why`),
                }),
              ]
            : []),
        ];
  if (d.facts) text.push(t('moderation.statement.facts', { facts: d.facts }));
  text.push(
    d.appealUntil
      ? t('moderation.statement.redress', {
          date: new Intl.DateTimeFormat(formatTag(c.locale), { dateStyle: 'long' }).format(new Date(d.appealUntil)),
          url,
        })
      : t('moderation.statement.redressFinal', { url }),
  );
  return { subject: t(`moderation.statement.subject.${d.stage === 'appeal' ? 'appeal' : d.action}`, { id: c.caseId }), text };
}

type CaseRow = NonNullable<Awaited<ReturnType<typeof findCase>>>;

/** A statement in the inbox of the person concerned (their mail is sent after the commit, by `tell`). */
async function toInbox(tx: Db, found: CaseRow, userId: number, locale: Locale, statement: { subject: string; text: string[] }) {
  await insertNotifications(tx, [
    {
      user_id: userId,
      vehicle_id: found.target_kind === 'listing' ? found.target_id : null,
      kind: 'moderation_decision',
      from_name: translator(locale)('common:appName'),
      message: `${statement.subject}\n\n${statement.text.join('\n\n')}`,
      mail_pending: 0,
    },
  ]);
}

/** What a decision does to its target; `undo` reverses it (an appeal upheld for the person concerned). */
async function apply(tx: Db, found: CaseRow, action: DecisionAction, now: string, undo = false) {
  const restrict = !undo;
  if (found.target_kind === 'listing') {
    const state = !restrict || action === 'no_action' || action === 'warn' ? 'published' : action === 'hold' ? 'held' : 'removed';
    if (await listingModeration(tx, found.target_id)) await setListingModeration(tx, found.target_id, state, now);
  }
  if (found.target_kind === 'review' && action === 'remove') await setReviewStatus(tx, found.target_id, restrict ? 'removed' : 'published');
  if (action === 'suspend' && found.subject_user_id !== null)
    await setUserStatus(tx, found.subject_user_id, restrict ? 'suspended' : 'active');
}

/**
 * Records a decision on a case (the first one, or an automated hold), writes the statement of reasons
 * to the person concerned (inbox now, mail after the commit) and answers the mails to send.
 */
async function decide(
  tx: Db,
  deps: Deps,
  found: CaseRow,
  body: DecisionBody,
  how: { automated: boolean; by: number | null; now: string; reporters?: number },
): Promise<Told> {
  const { now } = how;
  const contact = found.subject_user_id === null ? undefined : await subjectContact(tx, found.subject_user_id);
  const locale = localeOf(contact?.language);
  const t = translator(locale);
  const restricts = body.action !== 'no_action';
  const appealUntil = restricts ? iso(Date.parse(now) + APPEAL_DAYS * DAY_MS) : null;
  const url = `${deps.config.publicUrl}/my/decisions/${found.id}`;
  const statement =
    restricts && contact
      ? statementOf(
          t,
          { kind: found.target_kind, label: found.target_label, caseId: found.id, locale },
          { ...body, ground: body.ground ?? null, automated: how.automated, reporters: how.reporters, appealUntil, stage: 'decision' },
          url,
        )
      : null;
  await insertDecision(tx, {
    caseId: found.id,
    stage: 'decision',
    action: body.action,
    ground: body.ground ?? null,
    facts: body.facts,
    automated: how.automated,
    unfounded: body.unfounded,
    decidedBy: how.by,
    language: statement ? locale : null,
    statement: statement ? statement.text.join('\n\n') : null,
    now,
  });
  if (statement && contact) await toInbox(tx, found, contact.id, locale, statement);
  return {
    subject: statement && contact ? { email: contact.email, locale, content: statement } : null,
    reporters: how.automated ? [] : await outcomeForReporters(tx, found, body.action),
  };
}

/** Each reporter of the case told the outcome in their language, once per address. */
async function outcomeForReporters(tx: Db, found: CaseRow, action: DecisionAction): Promise<Told['reporters']> {
  const seen = new Set<string>();
  const out: Told['reporters'] = [];
  for (const r of await caseReports(tx, found.id)) {
    if (seen.has(r.reporter_email)) continue;
    seen.add(r.reporter_email);
    const locale = localeOf(r.reporter_language);
    const t = translator(locale);
    out.push({
      email: r.reporter_email,
      locale,
      content: {
        subject: t('moderation.outcome.subject', { id: r.id }),
        text: [t('moderation.outcome.intro', { id: r.id }), t(`moderation.outcome.${action}`), t('moderation.outcome.thanks')],
      },
    });
  }
  return out;
}

/** Unfounded notices counted per reporter; past the limit, their reports are suspended for a while. */
async function countUnfounded(tx: Db, deps: Deps, caseId: number, now: string) {
  const keys = new Set((await caseReports(tx, caseId)).map((r) => r.reporter_key));
  for (const key of keys) {
    const standing = await reporterStanding(tx, key);
    const unfounded = (standing?.unfounded ?? 0) + 1;
    const suspend = unfounded >= deps.config.trust.abuseLimit;
    await saveStanding(
      tx,
      key,
      suspend ? 0 : unfounded,
      suspend ? iso(Date.parse(now) + deps.config.trust.abuseSuspendDays * DAY_MS) : (standing?.suspended_until ?? null),
      now,
    );
  }
}

/** A moderator takes a case: in review, assigned to them. */
export function takeCase(db: Db, actor: Actor, id: number) {
  return audited(db, actor, { resource: 'moderation-cases', action: 'update' }, async (tx) => {
    const found = await findCase(tx, id);
    if (!found) throw notFound('CASE_NOT_FOUND');
    if (found.status !== 'open' && found.status !== 'in_review') throw new AppError(409, 'CASE_NOT_OPEN');
    const now = new Date().toISOString();
    await updateCase(tx, id, { status: 'in_review', assignee_id: actor.userId, updated_at: now });
    return {
      recordId: id,
      before: { status: found.status, assigneeId: found.assignee_id },
      after: { status: 'in_review', assigneeId: actor.userId },
      result: id,
    };
  });
}

/** A moderator's decision on an open case (docs/decisions/057): its effect, the statement, the reporters told, audited. */
export async function decideCase(deps: Deps, actor: Actor, id: number, body: DecisionBody): Promise<void> {
  const told = await audited(deps.db, actor, { resource: 'moderation-cases', action: 'update' }, async (tx) => {
    const found = await findCase(tx, id);
    if (!found) throw notFound('CASE_NOT_FOUND');
    if (found.status !== 'open' && found.status !== 'in_review') throw new AppError(409, 'CASE_ALREADY_DECIDED');
    if (!ACTIONS_BY_TARGET[found.target_kind].includes(body.action))
      throw new AppError(422, 'MODERATION_ACTION_NOT_ALLOWED', { action: body.action, target: found.target_kind });
    const now = new Date().toISOString();
    await apply(tx, found, body.action, now);
    const told = await decide(tx, deps, found, body, { automated: false, by: actor.userId, now });
    await setReportsOutcome(tx, id, body.action === 'no_action' ? 'dismissed' : 'actioned');
    if (body.unfounded) await countUnfounded(tx, deps, id, now);
    // Nothing restricted leaves nothing to appeal: the case closes.
    const status = body.action === 'no_action' ? 'closed' : 'decided';
    await updateCase(tx, id, { status, decided_at: now, updated_at: now, ...(status === 'closed' ? { closed_at: now } : {}) });
    return {
      recordId: id,
      before: { status: found.status },
      after: { status, action: body.action, ground: body.ground ?? null, facts: body.facts, unfounded: body.unfounded },
      result: told,
    };
  });
  await tell(deps, told);
}

/** The person concerned appeals a decision once, within six months of it (DSA art. 20). */
export async function appealCase(db: Db, userId: number, id: number, body: AppealBody, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const found = await findCase(tx, id);
    if (!found || found.subject_user_id !== userId) throw notFound('CASE_NOT_FOUND');
    if (found.appealed_at) throw new AppError(409, 'APPEAL_ALREADY_MADE');
    if (found.status !== 'decided' || !found.decided_at) throw new AppError(409, 'APPEAL_NOT_OPEN');
    if (now.getTime() > Date.parse(found.decided_at) + APPEAL_DAYS * DAY_MS) throw new AppError(409, 'APPEAL_TOO_LATE');
    const at = now.toISOString();
    await updateCase(tx, id, { status: 'appealed', appeal: body.text, appealed_at: at, updated_at: at });
  });
}

/** A moderator answers an appeal: the decision stands, or is reversed and the content restored. Closes the case. */
export async function decideAppeal(deps: Deps, actor: Actor, id: number, body: AppealDecisionBody): Promise<void> {
  const told = await audited(deps.db, actor, { resource: 'moderation-cases', action: 'update' }, async (tx) => {
    const found = await findCase(tx, id);
    if (!found) throw notFound('CASE_NOT_FOUND');
    if (found.status !== 'appealed') throw new AppError(409, 'APPEAL_NOT_PENDING');
    const now = new Date().toISOString();
    const decisions = await caseDecisions(tx, [id]);
    const first = decisions.filter((d) => d.stage === 'decision').at(-1);
    if (body.outcome === 'reversed' && first) await apply(tx, found, first.action as DecisionAction, now, true);
    const contact = found.subject_user_id === null ? undefined : await subjectContact(tx, found.subject_user_id);
    const locale = localeOf(contact?.language);
    const statement = contact
      ? statementOf(
          translator(locale),
          { kind: found.target_kind, label: found.target_label, caseId: id, locale },
          { action: body.outcome, ground: null, facts: body.facts, automated: false, appealUntil: null, stage: 'appeal' },
          `${deps.config.publicUrl}/my/decisions/${id}`,
        )
      : null;
    await insertDecision(tx, {
      caseId: id,
      stage: 'appeal',
      action: body.outcome,
      ground: null,
      facts: body.facts,
      automated: false,
      unfounded: false,
      decidedBy: actor.userId,
      language: statement ? locale : null,
      statement: statement ? statement.text.join('\n\n') : null,
      now,
    });
    if (statement && contact) await toInbox(tx, found, contact.id, locale, statement);
    await updateCase(tx, id, { status: 'closed', closed_at: now, updated_at: now });
    return {
      recordId: id,
      before: { status: found.status, appeal: found.appeal },
      after: { status: 'closed', outcome: body.outcome, facts: body.facts },
      result: { subject: statement && contact ? { email: contact.email, locale, content: statement } : null, reporters: [] } as Told,
    };
  });
  await tell(deps, told);
}

/** The queue's rows: each case with its target, the reasons reported and who handles it. */
export async function caseRecords(db: Db, ids: readonly number[]) {
  const [rows, states] = await Promise.all([caseRows(db, ids), caseTargetStates(db, ids)]);
  const reasons = await caseReasons(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        targetKind: r.target_kind,
        targetId: r.target_id,
        targetLabel: r.target_label,
        targetState: states.get(r.id) ?? null,
        subjectUserId: r.subject_user_id,
        subjectName: r.subject_name,
        status: r.status,
        risk: r.risk,
        reporters: r.reporters,
        reasons: reasons.get(r.id) ?? [],
        assigneeName: r.assignee_name,
        appeal: r.appeal,
        appealedAt: r.appealed_at,
        openedAt: r.opened_at,
        updatedAt: r.updated_at,
        decidedAt: r.decided_at,
        closedAt: r.closed_at,
      },
    ];
  });
}

/** One case as a moderator reads it: the queue's row, its reports, the listing's signals and the decisions. */
export async function caseDetail(db: Db, id: number) {
  const [record] = await caseRecords(db, [id]);
  if (!record) return undefined;
  const [reports, decisions, signals] = await Promise.all([
    caseReports(db, id),
    caseDecisions(db, [id]),
    record.targetKind === 'listing' && record.targetState !== null ? listingSignals(db, record.targetId) : Promise.resolve([]),
  ]);
  return {
    ...record,
    reports: reports.map((r) => ({
      id: r.id,
      reason: r.reason,
      details: r.details,
      reporterName: r.reporter_name,
      reporterEmail: r.reporter_email,
      member: r.reporter_user_id !== null,
      goodFaith: r.good_faith === 1,
      status: r.status,
      createdAt: r.created_at,
    })),
    signals,
    decisions: decisions.map(decisionView),
  };
}

const decisionView = (d: Awaited<ReturnType<typeof caseDecisions>>[number]) => ({
  id: d.id,
  stage: d.stage,
  action: d.action,
  ground: d.ground,
  facts: d.facts,
  automated: d.automated === 1,
  unfounded: d.unfounded === 1,
  decidedBy: d.decided_by_name,
  statement: d.statement,
  decidedAt: d.decided_at,
});

/** The decisions about a member's content, as the statements they were sent, newest first, and whether each may still be appealed. */
export async function myDecisions(db: Db, userId: number, now = new Date()) {
  const cases = await subjectCases(db, userId);
  const decisions = await caseDecisions(
    db,
    cases.map((c) => c.id),
  );
  return cases.flatMap((c) => {
    const sent = decisions.filter((d) => d.case_id === c.id && d.statement !== null);
    if (!sent.length) return [];
    const until = c.decided_at ? iso(Date.parse(c.decided_at) + APPEAL_DAYS * DAY_MS) : null;
    return [
      {
        id: c.id,
        targetKind: c.target_kind,
        targetId: c.target_id,
        targetLabel: c.target_label,
        status: c.status,
        appeal: c.appeal,
        appealedAt: c.appealed_at,
        appealUntil: until,
        canAppeal: c.status === 'decided' && c.appealed_at === null && until !== null && now.toISOString() <= until,
        statements: sent.map((d) => ({
          id: d.id,
          stage: d.stage,
          action: d.action,
          automated: d.automated === 1,
          text: d.statement!,
          decidedAt: d.decided_at,
        })),
      },
    ];
  });
}

/** The transparency report (DSA art. 15, 24): notices by reason, decisions by kind and ground, automated ones, appeals, time to decide. */
export async function transparencyReport(db: Db, from: string, to: string) {
  const f = await transparencyFigures(db, from, to);
  const hours = f.durations
    .filter((d) => d.decided_at !== null)
    .map((d) => (Date.parse(d.decided_at!) - Date.parse(d.opened_at)) / 3_600_000)
    .sort((a, b) => a - b);
  const median = hours.length ? (hours[Math.floor((hours.length - 1) / 2)]! + hours[Math.ceil((hours.length - 1) / 2)]!) / 2 : null;
  return {
    from,
    to,
    reports: f.reasons.map((r) => ({ reason: r.reason, targetKind: r.target_kind, count: Number(r.n) })),
    decisions: f.decisions.map((d) => ({
      stage: d.stage,
      action: d.action,
      ground: d.ground,
      automated: Number(d.automated) === 1,
      count: Number(d.n),
    })),
    appeals: f.appeals,
    decided: hours.length,
    medianHoursToDecide: median === null ? null : Math.round(median * 10) / 10,
  };
}

/**
 * A new listing whose fraud signals include a high one waits for a moderator (`pending`, out of public
 * reads) in a case of its own; "no action" publishes it, a restriction sends its statement. Answers
 * whether it was held back.
 */
export async function reviewIfRisky(tx: Db, vehicleId: number): Promise<boolean> {
  const severities = await signalSeverities(tx, vehicleId);
  if (!severities.includes('high')) return false;
  const now = new Date().toISOString();
  await setListingModeration(tx, vehicleId, 'pending', now);
  const found = await activeCase(tx, 'listing', vehicleId, now);
  const { risk, reporters } = await caseRisk(tx, 'listing', vehicleId, found.id);
  await updateCase(tx, found.id, { risk, reporters, updated_at: now });
  return true;
}
