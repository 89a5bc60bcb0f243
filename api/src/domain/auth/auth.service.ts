import { absoluteUrl } from '@autoroute/contract/runtime-config';
import { hashPassword, nowIso, verifyPassword } from '@autoroute/db';
import { type Locale, matchLocale } from '@autoroute/locales';
import type { TFunction } from 'i18next';
import { randomToken } from '../../core/crypto.ts';
import { AppError, validationFailed } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import type { RequestInfo } from '../../core/request.ts';
import { renderMail } from '../../mail/layout.tsx';
import { isDelivered } from '../../mail/providers.ts';
import { accountExistsMail, codeMail } from '../../mail/templates.ts';
import type { DomainDeps } from '../deps.ts';

type Db = DomainDeps['db'];

import {
  createMember,
  emailTaken,
  findProvider,
  findUserByIdentifier,
  findUserContact,
  updateUserColumns,
  usernameTaken,
} from '../user/user.data.ts';
import { userPayload } from '../user/user.service.ts';
import { accountLanguage, findAccountByEmail } from './auth.data.ts';
import { type CodePurpose, Phone } from './auth.inputs.ts';
import { checkCode, consumeProcess, createCode, createProcess } from './codes.data.ts';
import { createSession, revokeSession, revokeUserSessions, rotateRefreshToken } from './sessions.data.ts';
import { issueAccessToken } from './tokens.ts';

// Verifying against this hash when the user is unknown makes both failures take the same time.
let dummyHash: Promise<string> | null = null;
const dummy = () => {
  dummyHash ??= hashPassword(randomToken(16));
  return dummyHash;
};

export async function signIn(db: Db, secret: string, userId: number, remember: boolean, req: RequestInfo) {
  const session = await createSession(db, { userId, remember, userAgent: req.userAgent, ip: req.ip });
  const access = await issueAccessToken(secret, { userId, sessionId: session.sessionId });
  await updateUserColumns(db, userId, { last_login_at: nowIso() });
  return {
    data: await userPayload(db, userId),
    security: { accessToken: access.token, refreshToken: session.refreshToken, sessionID: session.sessionId, expiresAt: access.expiresAt },
    remember,
  };
}

export async function login(
  deps: Pick<DomainDeps, 'db' | 'limiters'>,
  secret: string,
  body: { email: string; password: string; remember?: boolean | undefined },
  req: RequestInfo,
) {
  const identifier = body.email.trim().toLowerCase();
  await deps.limiters.consume('loginPerIp', req.ip);
  await deps.limiters.consume('loginPerAccount', identifier);
  const user = await findUserByIdentifier(deps.db, identifier);
  // An unknown user costs the same hashing time as a wrong password (no timing oracle).
  const valid = await verifyPassword(user?.password_hash ?? (await dummy()), body.password);
  if (!user?.password_hash || !valid) throw new AppError(401, 'INVALID_CREDENTIALS');
  if (user.status !== 'active') throw new AppError(403, 'ACCOUNT_SUSPENDED');
  await deps.limiters.reset('loginPerAccount', identifier);
  await deps.limiters.refund('loginPerIp', req.ip);
  return signIn(deps.db, secret, user.id, body.remember ?? false, req);
}

export async function refresh(db: Db, secret: string, refreshToken: string | undefined, sessionId: string | undefined) {
  if (!refreshToken) throw new AppError(401, 'UNAUTHORIZED');
  const result = await rotateRefreshToken(db, refreshToken, sessionId ?? null);
  if (result.status === 'reused') throw new AppError(401, 'REFRESH_REUSED');
  if (result.status !== 'rotated') throw new AppError(401, 'UNAUTHORIZED');
  const access = await issueAccessToken(secret, { userId: result.userId, sessionId: result.sessionId });
  return {
    data: await userPayload(db, result.userId),
    security: { accessToken: access.token, refreshToken: result.refreshToken, sessionID: result.sessionId, expiresAt: access.expiresAt },
  };
}

export const logout = (db: Db, sessionId: string) => revokeSession(db, sessionId);
export const logoutAll = (db: Db, userId: number) => revokeUserSessions(db, userId);

/**
 * Mails a code. A verification code also comes as a link to the code page with the flow in its
 * fragment (email, session, code), so it can be finished in any tab or browser, not only the one
 * that asked (issue 33). A fragment never reaches a server (no access log, no Referer keeps the
 * code), and the page still asks for a click, so a mail scanner opening links verifies nothing.
 */
async function mailCode(
  deps: Pick<DomainDeps, 'config' | 'mailer'>,
  to: string,
  code: string,
  purpose: CodePurpose,
  locale: Locale,
  sessionId: string,
) {
  const link =
    purpose === 'verify_email'
      ? absoluteUrl(deps.config.publicUrl, `/otp#${new URLSearchParams({ purpose, email: to, session: sessionId, code })}`)
      : undefined;
  await deps.mailer.send({ to, ...(await renderMail(locale, codeMail(translator(locale), purpose, code, link))) });
}

/**
 * Runs a step that sends a code (or says an account exists) so that it answers no sooner than
 * CODE_ANSWER_MS after it began, whether the address has an account or not and whether it succeeds
 * or fails: how long the answer took tells nothing (issue 31, docs/decisions/036). The mail or
 * message is sent on the way, so a slow mail server counts: work that outlasts the floor is logged
 * for the operator to raise it.
 */
async function atFloor<T>(deps: Pick<DomainDeps, 'config' | 'log'>, step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const spent = performance.now() - started;
    const floor = deps.config.codeAnswerMs;
    if (spent < floor) await new Promise((resolve) => setTimeout(resolve, floor - spent));
    else if (floor > 0) deps.log.warn({ step, ms: Math.round(spent), floorMs: floor }, 'a code step outlasted CODE_ANSWER_MS');
  }
}

/** The language a user chose for their account, else the request's. */
async function recipientLocale(db: Db, email: string, fallback: Locale): Promise<Locale> {
  return matchLocale(await accountLanguage(db, email)) ?? fallback;
}

/**
 * Sign-up never reveals whether an address has an account: both answers are the same. A new
 * address gets an account (unverified) and a code; a known one gets a note saying so.
 */
export const signup = (
  deps: Pick<DomainDeps, 'config' | 'db' | 'limiters' | 'log' | 'mailer'>,
  body: { email: string; password: string; username: string; firstName: string; lastName: string; phone: string },
  req: RequestInfo,
) => atFloor(deps, 'signup', () => signupNow(deps, body, req));

async function signupNow(
  deps: Pick<DomainDeps, 'config' | 'db' | 'limiters' | 'mailer'>,
  body: { email: string; password: string; username: string; firstName: string; lastName: string; phone: string },
  req: RequestInfo,
) {
  await deps.limiters.consume('signupPerIp', req.ip);
  if (await usernameTaken(deps.db, body.username)) throw new AppError(409, 'USERNAME_TAKEN');
  const passwordHash = await hashPassword(body.password);
  if (await emailTaken(deps.db, body.email)) {
    const locale = await recipientLocale(deps.db, body.email, req.locale);
    await deps.mailer.send({ to: body.email, ...(await renderMail(locale, accountExistsMail(translator(locale)))) });
    return { email: body.email, sessionId: randomToken(18) };
  }
  const userId = await createMember(deps.db, {
    email: body.email,
    username: body.username,
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone,
    passwordHash,
    locale: req.locale,
    emailVerified: false,
  });
  const { sessionId } = await createCode(
    deps.db,
    { email: body.email, userId, purpose: 'verify_email', channel: 'email' },
    (code, sessionId) => mailCode(deps, body.email, code, 'verify_email', req.locale, sessionId),
  );
  return { email: body.email, sessionId };
}

/** Sends a code when the address has an account; answers the same either way, in the same time. */
export const generateCode = (
  deps: Pick<DomainDeps, 'config' | 'db' | 'limiters' | 'log' | 'mailer' | 'providers'>,
  email: string,
  purpose: CodePurpose,
  channel: 'email' | 'whatsapp',
  req: RequestInfo,
) => atFloor(deps, 'generate-otp', () => generateCodeNow(deps, email, purpose, channel, req));

async function generateCodeNow(
  deps: Pick<DomainDeps, 'config' | 'db' | 'limiters' | 'mailer' | 'providers'>,
  email: string,
  purpose: CodePurpose,
  channel: 'email' | 'whatsapp',
  req: RequestInfo,
) {
  await deps.limiters.consume('codePerEmail', email);
  await deps.limiters.consume('codePerIp', req.ip);
  const user = await findAccountByEmail(deps.db, email);
  // In the account holder's language: whoever asks for the code may not be them. Read for an
  // unknown address too: the same queries either way.
  const locale = await recipientLocale(deps.db, email, req.locale);
  if (user?.status !== 'active') return { sessionId: randomToken(18), expiresIn: 600, resendIn: 60 };
  const t = translator(locale);
  const phone = user.phone;
  const byWhatsApp = channel === 'whatsapp' && phone;
  const { sessionId } = await createCode(
    deps.db,
    { email, userId: user.id, purpose, channel: byWhatsApp ? 'whatsapp' : 'email' },
    (code, sessionId) =>
      byWhatsApp
        ? deps.providers.deliver(
            'whatsapp',
            phone,
            `${t(`mail.${purpose}.intro`)} ${code}\n${t('mail.codeExpiry', { minutes: 10 })}`,
            locale,
          )
        : mailCode(deps, email, code, purpose, locale, sessionId),
  );
  return { sessionId, expiresIn: 600, resendIn: 60 };
}

/** Channels that reach a phone number: the account's phone unless another is given. */
const PHONE_CHANNELS = new Set(['sms', 'whatsapp']);

/**
 * Sends a link_provider code over the provider itself, to the address being linked (the account's
 * email, its phone or the number given for SMS and WhatsApp, the handle given for the others). The
 * code, and the process its check yields, vouch for that provider and address only.
 */
export async function sendLinkCode(
  deps: Pick<DomainDeps, 'config' | 'db' | 'limiters' | 'mailer' | 'providers'>,
  userId: number,
  body: { providerId: number; address?: string | undefined },
  req: RequestInfo & { t: TFunction },
) {
  const user = await findUserContact(deps.db, userId);
  if (!user) throw new AppError(404, 'USER_NOT_FOUND');
  const provider = await findProvider(deps.db, body.providerId);
  if (!provider) throw new AppError(404, 'PROVIDER_NOT_FOUND');
  if (!isDelivered(provider.code)) throw new AppError(409, 'PROVIDER_NOT_OFFERED');
  const channel = provider.code ?? `provider-${provider.id}`;
  const address = linkAddress(channel, body.address ?? (PHONE_CHANNELS.has(channel) ? user.phone : null), user.email, req.t);
  await deps.limiters.consume('codePerEmail', user.email);
  await deps.limiters.consume('codePerIp', req.ip);
  const locale = await recipientLocale(deps.db, user.email, req.locale);
  const t = translator(locale);
  const { sessionId } = await createCode(
    deps.db,
    { email: user.email, userId, purpose: 'link_provider', channel, subject: JSON.stringify({ providerId: provider.id, address }) },
    (code, sessionId) =>
      channel === 'email'
        ? mailCode(deps, user.email, code, 'link_provider', locale, sessionId)
        : deps.providers.deliver(
            channel,
            address,
            `${t('mail.link_provider.intro')} ${code}\n${t('mail.codeExpiry', { minutes: 10 })}`,
            locale,
          ),
  );
  return { sessionId, email: user.email, channel, address, expiresIn: 600, resendIn: 60 };
}

/** The address a code for `channel` goes to, checked like the profile checks a phone; 422 on `address` otherwise. */
function linkAddress(channel: string, given: string | null, email: string, t: TFunction): string {
  if (channel === 'email') return email;
  const address = given?.trim() ?? '';
  if (PHONE_CHANNELS.has(channel)) {
    if (!address) throw validationFailed([{ path: 'address', message: t('user.phoneNeeded') }]);
    if (!Phone.safeParse(address).success) throw validationFailed([{ path: 'address', message: t('auth.phoneInvalid') }]);
    return address;
  }
  if (!/^@?[A-Za-z0-9][A-Za-z0-9_.-]{2,63}$/.test(address)) throw validationFailed([{ path: 'address', message: t('user.handleInvalid') }]);
  return address.startsWith('@') ? address : `@${address}`;
}

export async function verifyCode(
  deps: Pick<DomainDeps, 'db' | 'limiters'>,
  body: { email: string; otp: string; sessionId: string },
  req: RequestInfo,
) {
  await deps.limiters.consume('verifyPerIp', req.ip);
  const result = await checkCode(deps.db, { email: body.email, sessionId: body.sessionId, code: body.otp });
  if (!result.ok)
    throw new AppError(400, result.reason === 'expired' ? 'CODE_EXPIRED' : result.reason === 'locked' ? 'CODE_LOCKED' : 'CODE_INVALID');
  const processId = await createProcess(deps.db, {
    email: body.email,
    userId: result.userId,
    purpose: result.purpose,
    subject: result.subject,
  });
  return { processId, purpose: result.purpose };
}

export async function resetPassword(db: Db, processId: string, body: { email: string; password: string }) {
  const process = await consumeProcess(db, { token: processId, purpose: 'reset_password', email: body.email });
  if (!process?.userId) throw new AppError(400, 'PROCESS_INVALID');
  const hash = await hashPassword(body.password);
  await updateUserColumns(db, process.userId, { password_hash: hash, updated_at: nowIso() });
  // A new password ends every session: whoever knew the old one is signed out.
  await revokeUserSessions(db, process.userId);
}

/** Marks the address verified and signs the person in (the end of sign-up, SPEC §4). */
export async function verifyEmail(db: Db, secret: string, processId: string, email: string, req: RequestInfo) {
  const process = await consumeProcess(db, { token: processId, purpose: 'verify_email', email });
  if (!process?.userId) throw new AppError(400, 'PROCESS_INVALID');
  await updateUserColumns(db, process.userId, { email_verified_at: nowIso(), updated_at: nowIso() });
  return signIn(db, secret, process.userId, false, req);
}
