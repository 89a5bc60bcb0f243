import type { ReportTargetKind } from '@autoroute/contract/reports';
import { type Locale, matchLocale } from '@autoroute/locales';
import { sha256 } from '../../core/crypto.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import type { RequestInfo } from '../../core/request.ts';
import { renderMail } from '../../mail/layout.tsx';
import { codeMail, reportMail } from '../../mail/templates.ts';
import { checkCode, createCode } from '../auth/codes.data.ts';
import type { DomainDeps } from '../deps.ts';
import { assertMayReport, fileReport } from '../moderation/moderation.service.ts';
import {
  findActiveAccount,
  findLiveListing,
  findMessageSides,
  findPublishedReview,
  findReporter,
  insertReport,
  reportExists,
} from './reports.data.ts';
import type { ReportBody } from './reports.inputs.ts';

type Deps = Pick<DomainDeps, 'config' | 'db' | 'limiters' | 'log' | 'mailer'>;
type Db = DomainDeps['db'];

/** The purpose of the code a guest confirms a report with (mail.confirm_report.*). */
const PURPOSE = 'confirm_report';
const CODE_SECONDS = 600;

interface Reporter {
  userId: number | null;
  /** `user:<id>` or `email:<address>`: the unique index's identity. */
  key: string;
  name: string;
  email: string;
  locale: Locale;
}

/** What the code vouches for: this report, so a code asked for one notice cannot confirm another. */
const fingerprint = (body: ReportBody) => sha256(JSON.stringify([body.targetKind, body.targetId, body.reason, body.details ?? null]));

/**
 * The target exists and the reporter may report it: a listing whose seller is active, an active
 * seller, a message of a conversation the reporter takes part in (a guest by the address they
 * confirm), a published review. Nobody reports their own listing, themselves, their own message or review.
 */
async function checkTarget(db: Db, kind: ReportTargetKind, id: number, reporter: Reporter) {
  const own = () => new AppError(403, 'REPORT_OWN_TARGET');
  if (kind === 'listing' || kind === 'seller') {
    const ownerId = kind === 'listing' ? (await findLiveListing(db, id))?.owner_id : (await findActiveAccount(db, id))?.id;
    if (ownerId === undefined) throw notFound('REPORT_TARGET_NOT_FOUND');
    if (reporter.userId === ownerId) throw own();
    if (reporter.userId === null && (await findActiveAccount(db, ownerId))?.email === reporter.email) throw own();
    return;
  }
  if (kind === 'review') {
    // A published review (docs/decisions/055): anyone may report it, the reviewed seller first, but not its author.
    const review = await findPublishedReview(db, id);
    if (!review) throw notFound('REPORT_TARGET_NOT_FOUND');
    if (reporter.userId !== null && reporter.userId === review.author_id) throw own();
    if (reporter.userId === null && review.author_email?.toLowerCase() === reporter.email) throw own();
    return;
  }
  const message = await findMessageSides(db, id);
  if (!message) throw notFound('REPORT_TARGET_NOT_FOUND');
  const side =
    reporter.userId === null
      ? message.buyer_id === null && message.buyer_email?.toLowerCase() === reporter.email
        ? 'buyer'
        : null
      : reporter.userId === message.seller_id
        ? 'seller'
        : reporter.userId === message.buyer_id
          ? 'buyer'
          : null;
  if (!side) throw new AppError(403, 'REPORT_NOT_PARTICIPANT');
  if (side === message.sender) throw own();
}

async function whoReports(db: Db, body: ReportBody, userId: number | null, req: RequestInfo): Promise<Reporter> {
  if (userId === null) {
    // The route has already answered a guest without them with each field's message; this narrows the types.
    if (!body.name || !body.email) throw new AppError(422, 'VALIDATION_FAILED');
    return { userId: null, key: `email:${body.email}`, name: body.name, email: body.email, locale: req.locale };
  }
  const user = await findReporter(db, userId);
  if (!user) throw new AppError(401, 'UNAUTHORIZED');
  return {
    userId,
    key: `user:${userId}`,
    name: user.name ?? `${user.first_name} ${user.last_name}`,
    email: user.email,
    locale: matchLocale(user.language_code) ?? req.locale,
  };
}

/**
 * A report of a listing, a seller, a message or a review (DSA art. 16, docs/decisions/051-reports.md). A member's
 * is stored at once. A guest's first call mails a code to the address they gave and answers
 * `pending`; sending the same report with that code stores it. Either way the reporter gets an
 * acknowledgement mail with the report number, in their language.
 */
export async function createReport(deps: Deps, body: ReportBody, userId: number | null, req: RequestInfo) {
  const reporter = await whoReports(deps.db, body, userId, req);
  await assertMayReport(deps.db, reporter.key);
  const confirming = userId === null && body.sessionId !== undefined && body.code !== undefined;
  if (confirming) {
    await deps.limiters.consume('verifyPerIp', req.ip);
  } else {
    await deps.limiters.consume('reportPerIp', req.ip);
    await deps.limiters.consume('reportPerReporter', reporter.key);
  }
  await checkTarget(deps.db, body.targetKind, body.targetId, reporter);
  const notice = { reporterKey: reporter.key, targetKind: body.targetKind, targetId: body.targetId, reason: body.reason };
  if (await reportExists(deps.db, notice)) throw new AppError(409, 'REPORT_DUPLICATE');

  if (userId === null && !confirming) {
    await deps.limiters.consume('codePerEmail', reporter.email);
    const { sessionId } = await createCode(
      deps.db,
      { email: reporter.email, userId: null, purpose: PURPOSE, channel: 'email', subject: fingerprint(body) },
      async (code) => {
        const t = translator(reporter.locale);
        await deps.mailer.send({ to: reporter.email, ...(await renderMail(reporter.locale, codeMail(t, PURPOSE, code))) });
      },
    );
    return { status: 'pending' as const, sessionId, expiresIn: CODE_SECONDS };
  }
  if (confirming) {
    const result = await checkCode(deps.db, { email: reporter.email, sessionId: body.sessionId!, code: body.code! });
    if (!result.ok)
      throw new AppError(400, result.reason === 'expired' ? 'CODE_EXPIRED' : result.reason === 'locked' ? 'CODE_LOCKED' : 'CODE_INVALID');
    if (result.purpose !== PURPOSE || result.subject !== fingerprint(body)) throw new AppError(400, 'CODE_INVALID');
  }

  const id = await insertReport(deps.db, {
    ...notice,
    details: body.details ?? null,
    reporterUserId: reporter.userId,
    reporterEmail: reporter.email,
    reporterName: reporter.name,
    reporterLanguage: reporter.locale,
    goodFaith: body.goodFaith,
  });
  // The same report stored between our check and the insert (two tabs): the index refused it.
  if (id === null) throw new AppError(409, 'REPORT_DUPLICATE');
  // Into the moderation queue: the target's case, its risk, a hold past the reports' threshold.
  await fileReport(deps, { id, targetKind: body.targetKind, targetId: body.targetId });
  try {
    const content = reportMail(translator(reporter.locale), { id, targetKind: body.targetKind });
    await deps.mailer.send({ to: reporter.email, ...(await renderMail(reporter.locale, content)) });
  } catch (err) {
    // The report is stored and in the team's queue: a mail server down must not fail the reporter.
    deps.log.error({ err, reportId: id }, 'report acknowledgement mail not sent');
  }
  return { status: 'created' as const, id };
}
