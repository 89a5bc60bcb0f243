import { createHmac } from 'node:crypto';
import { absoluteUrl } from '@autoroute/contract/runtime-config';
import { fromFlag, WITHHELD } from '@autoroute/db';
import { DEFAULT_LOCALE, type Locale, matchLocale } from '@autoroute/locales';
import { randomToken } from '../../core/crypto.ts';
import { AppError, notFound, validationFailed } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import { LIMITS } from '../../core/limits.ts';
import type { RequestInfo } from '../../core/request.ts';
import { renderMail } from '../../mail/layout.tsx';
import { contactMail } from '../../mail/templates.ts';
import { serverSecret } from '../auth/secret.data.ts';
import { assertSellerCanReceive } from '../billing/billing.service.ts';
import {
  findBuyersConversation,
  insertConversation,
  insertMessage,
  sellerBlockedGuest,
  updateConversation,
} from '../conversations/conversations.data.ts';
import { conversationPath } from '../conversations/conversations.service.ts';
import type { DomainDeps } from '../deps.ts';

type Db = DomainDeps['db'];

import { delivery } from '../notifications/topics.ts';
import type { PageQuery } from '../paging.ts';
import { unsubscribeUrl } from '../unsubscribe/unsubscribe.ts';
import { findUserContact } from '../user/user.data.ts';
import { vehicleSummaries } from './detail.data.ts';
import {
  addMark,
  countLikes,
  findListing,
  findSellerContact,
  insertContactNotification,
  listNotifiablePhoneChannels,
  type Mark,
  markedVehicleIds,
  recordView,
  removeMark,
} from './interactions.data.ts';
import type { ContactBody } from './interactions.inputs.ts';
import { getVehicle, toSummary, type Viewer } from './vehicles.service.ts';

async function existing(db: Db, vehicleId: number) {
  const listing = await findListing(db, vehicleId);
  // A listing withheld by moderation is not liked, saved or written about (docs/decisions/057).
  if (!listing || listing.sold === WITHHELD) throw notFound('VEHICLE_NOT_FOUND');
  return listing;
}

/** Likes or saves a vehicle; answers whether the mark is new (201) or was already there (200). */
export async function mark(db: Db, kind: Mark, userId: number, vehicleId: number, on: boolean) {
  await existing(db, vehicleId);
  if (on) return addMark(db, kind, userId, vehicleId);
  await removeMark(db, kind, userId, vehicleId);
  return false;
}

export const likeCount = (db: Db, vehicleId: number) => countLikes(db, vehicleId);

/** The caller's saved or liked vehicles, most recently marked first, paginated like the search. */
export async function listMarked(deps: Pick<DomainDeps, 'db' | 'mediaUrl'>, kind: Mark, userId: number, q: PageQuery, locale: Locale) {
  const { ids, total } = await markedVehicleIds(deps.db, kind, userId, q.page, q.perPage);
  const rows = await vehicleSummaries(deps.db, ids);
  return {
    data: rows.map((r) => toSummary(r, locale, deps.mediaUrl)),
    meta: { total, page: q.page, perPage: q.perPage, pages: Math.ceil(total / q.perPage) },
  };
}

/**
 * SPEC §5, §9: at most 3 vehicles. Each comes whole, as the detail answers it, in the order asked.
 * An unknown id is an error rather than silently dropped, and its details name every such id so a
 * compare tray kept in the browser can forget them.
 */
export async function compare(deps: DomainDeps, ids: number[], locale: Locale, viewer: Viewer | null) {
  if (ids.length > LIMITS.compareMax) throw new AppError(422, 'COMPARE_LIMIT', { max: LIMITS.compareMax });
  const found = await Promise.all(
    ids.map((id) =>
      getVehicle(deps, id, locale, viewer).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'VEHICLE_NOT_FOUND') return null;
        throw error;
      }),
    ),
  );
  const missing = ids.flatMap((id, i) => (found[i] ? [] : [id]));
  if (missing.length) {
    const message = translator(locale)('errors.VEHICLE_NOT_FOUND');
    throw new AppError(
      404,
      'VEHICLE_NOT_FOUND',
      {},
      missing.map((id) => ({ path: `ids.${ids.indexOf(id)}`, message })),
    );
  }
  return found.filter((v) => v !== null);
}

/**
 * A message to a seller (SPEC §3, §5). It always lands in the seller's inbox; it is mailed to them,
 * in their own language, unless their preferences turn mail off (type `none`, or the email switch
 * off), and announced by SMS or WhatsApp when they linked that provider and left it notifiable
 * (type `none` silences those too). A message is aimed at the seller, so the `mentions` type lets
 * it through like `all`.
 * Sold listings take no more messages: the seller has nothing left to answer.
 */
export async function contactSeller(
  deps: Pick<DomainDeps, 'config' | 'db' | 'limiters' | 'log' | 'mailer' | 'providers'>,
  vehicleId: number,
  body: ContactBody,
  senderId: number | null,
  req: RequestInfo,
  locale: Locale,
): Promise<number> {
  // Details kept hidden: a member is answered in Messages, a guest only by mail, which needs an address.
  if (senderId === null && !body.shareContact && !body.email) {
    throw validationFailed([{ path: 'email', message: translator(locale)('contact.emailForReplies') }]);
  }
  await deps.limiters.consume('contactPerIp', req.ip);
  const listing = await existing(deps.db, vehicleId);
  if (senderId !== null && senderId === listing.owner_id) throw new AppError(403, 'CONTACT_OWN_VEHICLE');
  if (fromFlag(listing.sold)) throw new AppError(409, 'VEHICLE_SOLD');
  await deps.limiters.consume('contactPerListing', String(vehicleId));
  const email = body.email ?? null;
  const shared = body.shareContact;
  // Issue 17: a member who already wrote about this listing continues their conversation. A guest's
  // continues only through its signed link (decision 034): an address typed in a form proves nothing,
  // so a guest's form always begins a conversation of its own and never joins, nor rewrites, another.
  // Only the seller's block of that address still holds, as it did.
  const earlier = senderId !== null ? await findBuyersConversation(deps.db, vehicleId, senderId) : undefined;
  if (earlier?.blocked_by) throw new AppError(409, 'CONVERSATION_BLOCKED');
  if (senderId === null && email && (await sellerBlockedGuest(deps.db, vehicleId, email))) throw new AppError(409, 'CONVERSATION_BLOCKED');
  // The seller's plan: a monthly allowance of new conversations (a buyer writing again is not one).
  if (!earlier) await assertSellerCanReceive(deps.db, listing.owner_id);
  const fromName = `${body.firstname} ${body.lastname}`;
  const conversationId = await deps.db.transaction().execute(async (tx) => {
    let id: number;
    if (earlier) {
      id = earlier.id;
      await updateConversation(tx, id, {
        buyer_name: fromName,
        buyer_phone: body.phone,
        ...(email && { buyer_email: email }),
        ...(shared && { buyer_shared: 1 }),
      });
      await insertMessage(tx, id, 'buyer', body.message);
    } else {
      ({ id } = await insertConversation(tx, {
        vehicleId,
        title: listing.title,
        sellerId: listing.owner_id,
        buyerId: senderId,
        buyerName: fromName,
        buyerEmail: email,
        buyerPhone: body.phone,
        buyerShared: shared,
        guestKey: senderId === null ? randomToken() : null,
        // The page's language when the guest wrote: the seller's answers are mailed to them in it.
        buyerLanguage: senderId === null ? locale : null,
        body: body.message,
      }));
    }
    // SPEC §3: the message in the seller's inbox, with the sender's details when they share them.
    await insertContactNotification(tx, {
      userId: listing.owner_id,
      senderId,
      vehicleId,
      conversationId: id,
      newContact: !earlier,
      fromName,
      email: shared ? email : null,
      phone: shared ? body.phone : null,
      message: body.message,
    });
    return id;
  });
  const seller = await findSellerContact(deps.db, listing.owner_id);
  // The contact stays in the seller's inbox (SPEC §3); the mail and the phone notices follow their messages topic.
  const told = delivery(seller);
  if (seller?.status !== 'active' || !told.inbox) return conversationId;
  const sellerLocale = matchLocale(seller.language_code) ?? DEFAULT_LOCALE;
  const url = absoluteUrl(deps.config.publicUrl, `/vehicles/${vehicleId}`);
  // An answer by mail goes to the buyer: the address they gave, else their account's; hidden details, no reply address.
  const replyTo = !shared ? undefined : email || (senderId === null ? undefined : (await findUserContact(deps.db, senderId))?.email);
  const conversationUrl = absoluteUrl(deps.config.publicUrl, conversationPath(conversationId));
  await Promise.all([
    told.mail
      ? mailSeller(
          deps,
          { id: seller.id, email: seller.email, locale: sellerLocale },
          { vehicleId, url, fromName, title: listing.title, body, replyTo, shared, conversationUrl },
        )
      : null,
    seller.phone
      ? textSeller(deps, seller.id, seller.phone, sellerLocale, { vehicleId, url: conversationUrl, fromName, title: listing.title })
      : null,
  ]);
  return conversationId;
}

interface ContactNews {
  vehicleId: number;
  url: string;
  fromName: string;
  title: string;
}

/** A short note on each notifiable phone channel: the buyer's own words stay in the inbox and the mail. */
async function textSeller(
  deps: Pick<DomainDeps, 'db' | 'log' | 'providers'>,
  sellerId: number,
  phone: string,
  locale: Locale,
  news: ContactNews,
) {
  const text = translator(locale)('mail.contact.short', {
    name: news.fromName,
    title: news.title,
    url: news.url,
  });
  // To the number the link proved; links made before numbers were kept go to the profile's.
  for (const { channel, address } of await listNotifiablePhoneChannels(deps.db, sellerId)) {
    try {
      await deps.providers.deliver(channel, address ?? phone, text, locale);
    } catch (err) {
      // The message is in the seller's inbox already: a provider down must not lose it or fail the sender.
      deps.log.error({ err, channel, vehicleId: news.vehicleId }, 'contact notice not sent');
    }
  }
}

async function mailSeller(
  deps: Pick<DomainDeps, 'config' | 'db' | 'log' | 'mailer'>,
  seller: { id: number; email: string; locale: Locale },
  news: ContactNews & { body: ContactBody; replyTo: string | undefined; shared: boolean; conversationUrl: string },
) {
  const { body, fromName, title, url, vehicleId, shared } = news;
  try {
    const content = contactMail(
      translator(seller.locale),
      {
        fromName,
        title,
        message: body.message,
        phone: shared ? body.phone : null,
        email: shared ? body.email || null : null,
        url,
        conversationUrl: news.conversationUrl,
      },
      await unsubscribeUrl(deps.db, deps.config.publicUrl, seller.id, 'contact'),
    );
    await deps.mailer.send({ to: seller.email, replyTo: news.replyTo, ...(await renderMail(seller.locale, content)) });
  } catch (err) {
    // The message is in the seller's inbox already: a mail server down must not lose it or fail the sender.
    deps.log.error({ err, vehicleId }, 'contact mail not sent');
  }
}

/**
 * Counts one view per visitor per day (issue 4 item 7). A member is known by their id; anyone else
 * by their address, browser and the day, keyed with the server's secret so no raw address (nor
 * anything an address list could be matched against) is stored. The owner's own visits don't count.
 */
export async function countView(
  deps: Pick<DomainDeps, 'db' | 'limiters'>,
  vehicleId: number,
  viewerId: number | null,
  req: RequestInfo,
  now = new Date(),
) {
  await deps.limiters.consume('viewPerIp', req.ip);
  const listing = await existing(deps.db, vehicleId);
  if (viewerId !== null && viewerId === listing.owner_id) return false;
  const day = now.toISOString().slice(0, 10);
  const visitor = viewerId !== null ? `user:${viewerId}` : `anon:${day}:${req.ip}:${req.userAgent ?? ''}`;
  // Keyed with the server's secret: without it, a stored visitor hash cannot be traced back to an address.
  const hash = createHmac('sha256', await serverSecret(deps.db))
    .update(`view:${visitor}`)
    .digest('base64url');
  return recordView(deps.db, vehicleId, hash, day);
}
