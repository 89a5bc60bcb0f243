import { createHmac } from 'node:crypto';
import { type Conversation, type ConversationSummary, MESSAGES_SHOWN } from '@autoroute/contract/conversations';
import { absoluteUrl } from '@autoroute/contract/runtime-config';
import { type ConversationSide, fromFlag } from '@autoroute/db';
import { DEFAULT_LOCALE, type Locale, matchLocale } from '@autoroute/locales';
import { randomToken, safeEqual } from '../../core/crypto.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import { renderMail } from '../../mail/layout.tsx';
import { guestReplyMail } from '../../mail/templates.ts';
import { serverSecret } from '../auth/secret.data.ts';
import type { DomainDeps } from '../deps.ts';
import { messageWarning } from '../trust/off-platform.ts';

type Db = DomainDeps['db'];

import { delivery } from '../notifications/topics.ts';
import {
  type ConversationRow,
  countUnread,
  findConversation,
  findRecipient,
  insertMessage,
  insertMessageNotification,
  listConversations,
  listMessages,
  markRead,
  updateConversation,
} from './conversations.data.ts';

/** How long a guest's mailed link lets them in: each reply mails a fresh one. */
export const GUEST_LINK_DAYS = 30;

/** Where a member reads a conversation, and a guest through their link. */
export const conversationPath = (id: number) => `/messages/?c=${id}`;
const guestPath = (token: string) => `/messages/guest/?t=${encodeURIComponent(token)}`;

/** Who is asking: a member by account, or a guest by the conversation their link names. */
export type Caller = { userId: number } | { guest: true };

interface Access {
  row: ConversationRow;
  side: ConversationSide;
  userId: number | null;
}

const sellerName = (row: ConversationRow) => `${row.seller_first_name} ${row.seller_last_name}`.trim();

const mac = (secret: string, id: number, expires: number, key: string) =>
  createHmac('sha256', secret).update(`conversation:${id}:${expires}:${key}`).digest('base64url');

/**
 * `<id>.<expires>.<HMAC>`: the conversation, when the link stops working (seconds since the epoch),
 * signed with the server's secret and the conversation's guest key, so clearing the key (a block)
 * revokes every link at once.
 */
export async function guestToken(db: Db, id: number, key: string, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + GUEST_LINK_DAYS * 24 * 60 * 60;
  return `${id}.${expires}.${mac(await serverSecret(db), id, expires, key)}`;
}

async function readGuestToken(db: Db, token: string): Promise<Access> {
  const invalid = new AppError(403, 'GUEST_LINK_INVALID');
  const match = /^([1-9]\d{0,9})\.(\d{10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw invalid;
  const [, id = '', expires = '', signature = ''] = match;
  if (Number(expires) * 1000 < Date.now() || Number(id) > 2147483647) throw invalid;
  const row = await findConversation(db, Number(id));
  if (!row?.guest_key || row.buyer_id !== null) throw invalid;
  if (!safeEqual(signature, mac(await serverSecret(db), row.id, Number(expires), row.guest_key))) throw invalid;
  return { row, side: 'buyer', userId: null };
}

/** The conversation and the caller's side in it; a member who is neither side is refused. */
async function access(db: Db, userId: number, id: number): Promise<Access> {
  const row = await findConversation(db, id);
  if (!row) throw notFound('CONVERSATION_NOT_FOUND');
  if (row.seller_id === userId) return { row, side: 'seller', userId };
  if (row.buyer_id === userId) return { row, side: 'buyer', userId };
  throw new AppError(403, 'CONVERSATION_FORBIDDEN');
}

const resolve = (db: Db, caller: Caller, id: number | string): Promise<Access> =>
  'userId' in caller ? access(db, caller.userId, Number(id)) : readGuestToken(db, String(id));

/** The other side as the caller may see them: their name, and their phone and email once shared. */
function otherParty(a: Access) {
  const { row } = a;
  if (a.side === 'buyer') {
    const shared = fromFlag(row.seller_shared);
    return { name: sellerName(row), phone: shared ? row.seller_phone : null, email: shared ? row.seller_email : null };
  }
  const shared = fromFlag(row.buyer_shared);
  return {
    name: row.buyer_name,
    phone: shared ? (row.buyer_phone ?? row.buyer_account_phone) : null,
    email: shared ? (row.buyer_email ?? row.buyer_account_email) : null,
  };
}

async function present(db: Db, a: Access): Promise<Conversation> {
  const { row, side } = a;
  const messages = await listMessages(db, row.id, MESSAGES_SHOWN);
  const readUpTo = side === 'buyer' ? row.buyer_read_id : row.seller_read_id;
  return {
    id: row.id,
    role: side,
    vehicleId: row.vehicle_id,
    title: row.title,
    unread: messages.filter((m) => m.sender !== side && m.id > readUpTo).length,
    blocked: row.blocked_by !== null,
    blockedBy: row.blocked_by === null ? null : row.blocked_by === side ? 'me' : 'other',
    lastMessageAt: row.last_message_at,
    other: otherParty(a),
    shared: fromFlag(side === 'buyer' ? row.buyer_shared : row.seller_shared),
    guest: row.buyer_id === null,
    messages: messages.map((m) => ({
      id: m.id,
      mine: m.sender === side,
      body: m.body,
      createdAt: m.created_at,
      warning: messageWarning(m.body),
    })),
  };
}

const again = async (db: Db, a: Access): Promise<Access> => ({
  ...a,
  row: (await findConversation(db, a.row.id)) ?? a.row,
});

export async function listMine(db: Db, userId: number, page: number, perPage: number) {
  const [{ rows, total }, unread] = await Promise.all([listConversations(db, userId, page, perPage), countUnread(db, userId)]);
  const data: ConversationSummary[] = rows.map((r) => {
    const side: ConversationSide = r.seller_id === userId ? 'seller' : 'buyer';
    return {
      id: r.id,
      role: side,
      vehicleId: r.vehicle_id,
      title: r.title,
      unread: Number(r.unread ?? 0),
      blocked: r.blocked_by !== null,
      lastMessageAt: r.last_message_at,
      otherName: side === 'seller' ? r.buyer_name : `${r.seller_first_name} ${r.seller_last_name}`.trim(),
      lastMessage: r.last_body === null ? null : { body: r.last_body, mine: r.last_sender === side },
    };
  });
  return { data, meta: { total, page, perPage, pages: Math.ceil(total / perPage), unread } };
}

/** A member reads a conversation; a guest's read through their link marks it read. */
export async function getConversation(db: Db, caller: Caller, id: number | string) {
  const a = await resolve(db, caller, id);
  if ('userId' in caller) return present(db, a);
  await markRead(db, a.row.id, 'buyer', null);
  return present(db, await again(db, a));
}

export async function readConversation(db: Db, userId: number, id: number) {
  const a = await access(db, userId, id);
  await markRead(db, a.row.id, a.side, userId);
  return present(db, await again(db, a));
}

/**
 * A message from one side (issue 17 item 6). The other side is told: a member in their inbox (and
 * by mail through the queue, per their preferences), a guest by a mail with a fresh signed link.
 */
export async function postMessage(deps: DomainDeps, caller: Caller, id: number | string, body: string, senderKey: string) {
  const a = await resolve(deps.db, caller, id);
  if (a.row.blocked_by !== null) throw new AppError(409, 'CONVERSATION_BLOCKED');
  await deps.limiters.consume('messagePerSender', senderKey);
  await deps.db.transaction().execute(async (tx) => {
    await insertMessage(tx, a.row.id, a.side, body);
    await tellOther(tx, a, body);
  });
  if (a.side === 'seller' && a.row.buyer_id === null) await mailGuest(deps, a.row, body);
  return present(deps.db, await again(deps.db, a));
}

/** The member on the other side learns of a new message in their inbox, and by mail if they take it. */
async function tellOther(db: DomainDeps['db'], a: Access, body: string) {
  const to = a.side === 'buyer' ? a.row.seller_id : a.row.buyer_id;
  if (to === null) return;
  const recipient = await findRecipient(db, to);
  if (recipient?.status !== 'active') return;
  // The row is kept whatever they chose (Messages reads it with the conversation); its mail follows their messages topic.
  const told = delivery(recipient);
  await insertMessageNotification(db, {
    userId: to,
    senderId: a.userId,
    vehicleId: a.row.vehicle_id,
    conversationId: a.row.id,
    fromName: a.side === 'buyer' ? a.row.buyer_name : sellerName(a.row),
    message: body,
    // In the inbox and by mail as the member's messages topic says (notifications/topics.ts).
    mail: told.mail,
  });
}

/** The seller's answer to a guest, mailed with a link that lets them read and answer without an account. */
async function mailGuest(deps: DomainDeps, row: ConversationRow, body: string) {
  if (!row.buyer_email || !row.guest_key) return;
  try {
    // In the language the guest wrote in (the page's when they sent the form); a conversation begun
    // before it was kept follows the seller's.
    const locale: Locale =
      matchLocale(row.buyer_language) ?? matchLocale((await findRecipient(deps.db, row.seller_id))?.language) ?? DEFAULT_LOCALE;
    const url = absoluteUrl(deps.config.publicUrl, guestPath(await guestToken(deps.db, row.id, row.guest_key)));
    const content = guestReplyMail(translator(locale), {
      fromName: sellerName(row),
      title: row.title,
      message: body,
      url,
      days: GUEST_LINK_DAYS,
    });
    await deps.mailer.send({ to: row.buyer_email, ...(await renderMail(locale, content)) });
  } catch (err) {
    // The answer is in the conversation: a mail server down must not fail the seller.
    deps.log.error({ err, conversationId: row.id }, 'guest reply mail not sent');
  }
}

/** Stops the conversation; a guest's links stop working with it. */
export async function block(db: Db, caller: Caller, id: number | string) {
  const a = await resolve(db, caller, id);
  if (a.row.blocked_by === null) await updateConversation(db, a.row.id, { blocked_by: a.side, guest_key: null });
  else if (a.row.guest_key !== null) await updateConversation(db, a.row.id, { guest_key: null });
  return present(db, await again(db, a));
}

/** Takes back one's own block; a guest gets a new key, so the seller's next answer mails a link that works. */
export async function unblock(db: Db, userId: number, id: number) {
  const a = await access(db, userId, id);
  if (a.row.blocked_by !== null && a.row.blocked_by !== a.side) throw new AppError(409, 'CONVERSATION_BLOCKED');
  if (a.row.blocked_by === a.side) {
    await updateConversation(db, a.row.id, { blocked_by: null, ...(a.row.buyer_id === null && { guest_key: randomToken() }) });
  }
  return present(db, await again(db, a));
}

/** Shows the caller's phone and email to the other side. */
export async function share(db: Db, userId: number, id: number) {
  const a = await access(db, userId, id);
  await updateConversation(db, a.row.id, a.side === 'buyer' ? { buyer_shared: 1 } : { seller_shared: 1 });
  return present(db, await again(db, a));
}
