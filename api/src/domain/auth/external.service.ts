import { withoutUnsafeNameChars } from '@autoroute/contract/fields';
import { nowIso } from '@autoroute/db';
import { AppError } from '../../core/errors.ts';
import type { RequestInfo } from '../../core/request.ts';
import type { DomainDeps } from '../deps.ts';

type Db = DomainDeps['db'];

import { createMember, updateUserColumns, usernameTaken } from '../user/user.data.ts';
import { findAccountByEmail, findUserStatus } from './auth.data.ts';
import { signIn } from './auth.service.ts';
import type { ExternalClaims, FedererClient } from './federation.ts';
import { findIdentityUser, linkIdentity } from './federers.data.ts';

const clip = (value: string, max = 30) => [...value].slice(0, max).join('');
/** A provider's name, kept to the name rule the forms apply (contract NAME_TEXT). */
const nameOf = (value: string) => clip(withoutUnsafeNameChars(value).trim());

/** A free username from what the provider suggests (or the address), in our rules: 2 to 30 letters, digits, . _ - */
async function freeUsername(db: Db, claims: ExternalClaims): Promise<string> {
  const wanted = (claims.preferredUsername ?? claims.email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}._-]/gu, '');
  const base = clip(wanted.length >= 2 ? wanted : `member${wanted}`, 26);
  for (let n = 0; n < 20; n++) {
    const candidate = n === 0 ? base : `${base}${n + 1}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  return `${clip(base, 22)}${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Signs in the person a provider vouched for (issue 3, federated sign-in): the account already
 * linked to this subject; else the account with the same address, once the provider says the
 * address is verified (it is then linked); else a new account, verified by the provider.
 */
export async function signInExternal(
  deps: Pick<DomainDeps, 'db' | 'limiters'>,
  secret: string,
  federer: FedererClient,
  claims: ExternalClaims,
  req: RequestInfo,
) {
  let userId = await findIdentityUser(deps.db, federer.id, claims.subject);
  if (userId === null) {
    if (!claims.emailVerified) throw new AppError(403, 'EXTERNAL_EMAIL_UNVERIFIED');
    const now = nowIso();
    const existing = await findAccountByEmail(deps.db, claims.email);
    if (existing) {
      userId = existing.id;
      if (!existing.email_verified_at) {
        await updateUserColumns(deps.db, userId, { email_verified_at: now, updated_at: now });
      }
    } else {
      const local = claims.email.split('@')[0] ?? '';
      userId = await createMember(deps.db, {
        email: claims.email,
        username: await freeUsername(deps.db, claims),
        firstName: nameOf(claims.givenName ?? local),
        lastName: nameOf(claims.familyName ?? ''),
        phone: null,
        passwordHash: null,
        locale: req.locale,
        emailVerified: true,
      });
    }
    await linkIdentity(deps.db, { userId, federerId: federer.id, subject: claims.subject, email: claims.email, now });
  }
  if ((await findUserStatus(deps.db, userId)) !== 'active') throw new AppError(403, 'ACCOUNT_SUSPENDED');
  // The sign-in's point against the address (counted by the route) was no guess: give it back.
  await deps.limiters.refund('loginPerIp', req.ip);
  return signIn(deps.db, secret, userId, false, req);
}
