import {
  RESPONSE_MIN_CONVERSATIONS,
  RESPONSE_WINDOW_DAYS,
  RESPONSE_WITHIN_HOURS,
  SELLER_LISTINGS_PER_PAGE,
  SELLER_REVIEWS_PER_PAGE,
  SELLER_SOLD_SHOWN,
  type SellerPage,
} from '@autoroute/contract/sellers';
import type { Locale } from '@autoroute/locales';
import { notFound } from '../../core/errors.ts';
import { localName } from '../../core/reference.ts';
import type { DomainDeps } from '../deps.ts';
import { vehicleSummaries } from '../vehicles/detail.data.ts';
import { toSummary } from '../vehicles/vehicles.service.ts';
import {
  activeListingIds,
  findSeller,
  firstAnswers,
  listingCounts,
  publishedReviews,
  reviewSummary,
  sellerCity,
  soldListingIds,
} from './sellers.data.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A private seller is shown by first name and last initial; a business by its trade name (then its legal name). */
export function publicSellerName(u: {
  seller_type: string;
  first_name: string;
  last_name: string;
  name: string | null;
  legal_name?: string | null | undefined;
}): string {
  if (u.seller_type === 'professional') {
    const trade = u.name?.trim() || u.legal_name?.trim();
    if (trade) return trade;
  }
  const initial = u.last_name.trim().charAt(0);
  return initial ? `${u.first_name.trim()} ${initial.toLocaleUpperCase()}.` : u.first_name.trim();
}

/**
 * Response figures (decision 054): of the conversations buyers began with the seller in the last
 * RESPONSE_WINDOW_DAYS days, the share the seller answered within RESPONSE_WITHIN_HOURS hours of the
 * buyer's first message, and the median time to the first answer over those answered at all. Both
 * null under RESPONSE_MIN_CONVERSATIONS conversations: a rate of one or two says nothing.
 */
function responseFigures(rows: readonly { asked_at: string | null; answered_at: string | null }[]) {
  const asked = rows.filter((r): r is { asked_at: string; answered_at: string | null } => r.asked_at !== null);
  if (asked.length < RESPONSE_MIN_CONVERSATIONS) return { rate: null, medianMinutes: null };
  const delays = asked
    .filter((r) => r.answered_at !== null && r.answered_at >= r.asked_at)
    .map((r) => Date.parse(r.answered_at!) - Date.parse(r.asked_at))
    .sort((a, b) => a - b);
  const inTime = delays.filter((d) => d <= RESPONSE_WITHIN_HOURS * HOUR_MS).length;
  const mid = Math.floor(delays.length / 2);
  const median = delays.length === 0 ? null : delays.length % 2 ? delays[mid]! : (delays[mid - 1]! + delays[mid]!) / 2;
  return {
    rate: Math.round((inTime / asked.length) * 100) / 100,
    medianMinutes: median === null ? null : Math.round(median / 60_000),
  };
}

const oneDecimal = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);
const page = (n: number, perPage: number, total: number) => ({ page: n, perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) });

/** A seller's public page (GET /sellers/{id}): 404 for no account, or a suspended one. */
export async function sellerPage(
  deps: Pick<DomainDeps, 'db' | 'mediaUrl'>,
  id: number,
  query: { page: number; reviewsPage: number },
  locale: Locale,
): Promise<SellerPage> {
  const { db } = deps;
  const seller = await findSeller(db, id);
  if (!seller) throw notFound('SELLER_NOT_FOUND');
  const since = new Date(Date.now() - RESPONSE_WINDOW_DAYS * DAY_MS).toISOString();
  const [counts, city, activeIds, soldIds, answers, summary, reviews] = await Promise.all([
    listingCounts(db, id),
    sellerCity(db, id),
    activeListingIds(db, id, SELLER_LISTINGS_PER_PAGE, (query.page - 1) * SELLER_LISTINGS_PER_PAGE),
    soldListingIds(db, id, SELLER_SOLD_SHOWN),
    firstAnswers(db, id, since),
    reviewSummary(db, id),
    publishedReviews(db, id, SELLER_REVIEWS_PER_PAGE, (query.reviewsPage - 1) * SELLER_REVIEWS_PER_PAGE),
  ]);
  const [active, sold] = await Promise.all([vehicleSummaries(db, activeIds), vehicleSummaries(db, soldIds)]);
  const professional = seller.seller_type === 'professional';
  const verified = professional && seller.trader_status === 'verified';
  const reviewCount = Number(summary.count);
  return {
    id: seller.id,
    name: publicSellerName({ ...seller, legal_name: verified ? seller.legal_name : null }),
    type: seller.seller_type,
    badges: {
      emailVerified: seller.email_verified_at !== null,
      phoneVerified: Boolean(Number(seller.phone_verified)),
      businessVerified: verified,
    },
    memberSince: seller.created_at,
    city: city ? { id: city.id, name: localName(city.name, city.name_i18n, locale) } : null,
    responses: responseFigures(answers),
    counts,
    trader:
      verified && seller.legal_name
        ? {
            legalName: seller.legal_name,
            address: seller.address ?? '',
            registrationNumber: seller.registration_number ?? '',
            email: seller.trader_email ?? '',
            phone: seller.trader_phone ?? '',
          }
        : null,
    listings: {
      data: active.map((r) => toSummary(r, locale, deps.mediaUrl)),
      meta: page(query.page, SELLER_LISTINGS_PER_PAGE, counts.active),
    },
    sold: sold.map((r) => toSummary(r, locale, deps.mediaUrl)),
    reviews: {
      summary: {
        count: reviewCount,
        average: reviewCount ? oneDecimal(summary.rating) : null,
        communication: reviewCount ? oneDecimal(summary.communication) : null,
        accuracy: reviewCount ? oneDecimal(summary.accuracy) : null,
        recommendShare: reviewCount ? Math.round(Number(summary.recommend) * 100) / 100 : null,
      },
      data: reviews.map((r) => ({
        id: r.id,
        authorName: r.author_name,
        rating: r.rating,
        communication: r.communication,
        accuracy: r.accuracy,
        recommend: Number(r.recommend) === 1,
        body: r.body,
        language: r.language,
        vehicleTitle: r.vehicle_title,
        publishedAt: r.published_at ?? r.created_at,
        reply: r.reply,
        repliedAt: r.replied_at,
      })),
      meta: page(query.reviewsPage, SELLER_REVIEWS_PER_PAGE, reviewCount),
    },
  };
}
