import type { Notification } from '@autoroute/contract/notifications';
import { notFound } from '../../core/errors.ts';
import type { DomainDeps } from '../deps.ts';

type Db = DomainDeps['db'];

import * as data from './notifications.data.ts';
import type { NotificationsQuery } from './notifications.inputs.ts';

function toNotification(r: data.NotificationRow): Notification {
  return {
    id: r.id,
    kind: r.kind,
    from: { name: r.from_name, userId: r.sender_id },
    vehicle: r.vehicle_id !== null && r.vehicle_title !== null ? { id: r.vehicle_id, title: r.vehicle_title } : null,
    email: r.email,
    phone: r.phone,
    message: r.message,
    read: r.read_at !== null,
    readAt: r.read_at,
    createdAt: r.created_at,
    conversationId: r.conversation_id,
  };
}

// Someone else's notification answers exactly like one that does not exist: its existence is not revealed.
const unknown = () => notFound('NOTIFICATION_NOT_FOUND');

export async function listNotifications(db: Db, userId: number, q: NotificationsQuery) {
  const { rows, total, unread } = await data.listNotifications(db, userId, q);
  return {
    data: rows.map(toNotification),
    meta: { total, page: q.page, perPage: q.perPage, pages: Math.ceil(total / q.perPage), unread },
  };
}

export async function markRead(db: Db, userId: number, id: number) {
  if (!(await data.markRead(db, userId, id))) throw unknown();
  const row = await data.findNotification(db, userId, id);
  if (!row) throw unknown();
  return { data: toNotification(row), meta: { unread: await data.countUnread(db, userId) } };
}

export async function markAllRead(db: Db, userId: number) {
  const count = await data.markAllRead(db, userId);
  return { data: { count }, meta: { unread: 0 } };
}

export async function deleteOne(db: Db, userId: number, id: number) {
  if (!(await data.deleteNotification(db, userId, id))) throw unknown();
  return { data: { count: 1 }, meta: { unread: await data.countUnread(db, userId) } };
}

export async function deleteAll(db: Db, userId: number) {
  const count = await data.deleteAllNotifications(db, userId);
  return { data: { count }, meta: { unread: 0 } };
}
