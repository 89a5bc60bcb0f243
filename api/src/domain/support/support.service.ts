import { absoluteUrl } from '@autoroute/contract/runtime-config';
import { matchLocale } from '@autoroute/locales';
import { AppError } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import type { RequestInfo } from '../../core/request.ts';
import { renderMail } from '../../mail/layout.tsx';
import { supportMail } from '../../mail/templates.ts';
import { currentPlan } from '../billing/billing.service.ts';
import type { DomainDeps } from '../deps.ts';
import { findRequester, insertSupportRequest } from './support.data.ts';
import type { SupportBody } from './support.inputs.ts';

/**
 * A request to our support team (docs/decisions/013-support-requests.md). A member writes as their
 * account (name, address, language) and their request is priority when their plan in force has
 * priority support; a guest writes with the name and address they give (the route made sure of
 * both). The requester gets a confirmation mail with the request number.
 */
export async function createSupportRequest(
  deps: Pick<DomainDeps, 'config' | 'db' | 'limiters' | 'log' | 'mailer'>,
  body: SupportBody,
  userId: number | null,
  req: RequestInfo,
) {
  await deps.limiters.consume('supportPerIp', req.ip);
  let from: { name: string; email: string; locale: typeof req.locale };
  let priority = false;
  if (userId === null) {
    // The route has already answered a guest without them with each field's message; this narrows the types.
    if (!body.name || !body.email) throw new AppError(422, 'VALIDATION_FAILED');
    from = { name: body.name, email: body.email, locale: req.locale };
  } else {
    const user = await findRequester(deps.db, userId);
    if (!user) throw new AppError(401, 'UNAUTHORIZED');
    from = {
      name: user.name ?? `${user.first_name} ${user.last_name}`,
      email: user.email,
      locale: matchLocale(user.language_code) ?? req.locale,
    };
    priority = (await currentPlan(deps.db, userId)).limits.prioritySupport;
  }
  const id = await insertSupportRequest(deps.db, {
    userId,
    name: from.name,
    email: from.email,
    subject: body.subject,
    message: body.message,
    priority,
  });

  const content = supportMail(translator(from.locale), {
    id,
    name: from.name,
    guest: userId === null,
    priority,
    subject: body.subject,
    message: body.message,
    helpCenterUrl: absoluteUrl(deps.config.publicUrl, '/help-center/'),
  });
  try {
    await deps.mailer.send({ to: from.email, ...(await renderMail(from.locale, content)) });
  } catch (err) {
    // The request is stored and in the team's queue: a mail server down must not fail the requester.
    deps.log.error({ err, supportRequestId: id }, 'support confirmation mail not sent');
  }
  return { id, priority };
}
