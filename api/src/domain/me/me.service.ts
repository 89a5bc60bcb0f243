import { SIDEBAR_ITEMS } from '@autoroute/contract/user';
import { parseJson } from '@autoroute/db';
import { AppError } from '../../core/errors.ts';
import { countUnread as countUnreadMessages } from '../conversations/conversations.data.ts';
import type { DomainDeps } from '../deps.ts';

type Db = DomainDeps['db'];

import { countUnread } from '../notifications/notifications.data.ts';
import { findUserById, hasActiveSubscription } from '../user/user.data.ts';
import { viewerMarks } from '../vehicles/interactions.data.ts';

/**
 * The signed-in visitor's part of a shared page (docs/decisions/024-page-cache.md): the page itself
 * is the same for everyone and kept; this small answer personalizes it after load.
 */
export async function personalFragment(db: Db, userId: number, vehicleId: number | undefined) {
  const [user, premium, unread, messages, vehicle] = await Promise.all([
    findUserById(db, userId),
    hasActiveSubscription(db, userId),
    countUnread(db, userId),
    countUnreadMessages(db, userId),
    vehicleId === undefined ? undefined : viewerMarks(db, userId, vehicleId),
  ]);
  // The session outlived its user (deleted between the check and this read): signed out.
  if (!user) throw new AppError(401, 'UNAUTHORIZED');
  return {
    firstName: user.first_name,
    premium,
    unread,
    messages,
    vehicle: vehicle ?? null,
    sidebarItems: parseJson<string[]>(user.sidebar_items, [...SIDEBAR_ITEMS]),
    theme: user.theme_code ?? null,
  };
}
