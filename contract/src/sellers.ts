import { z } from 'zod';
import { SELLER_TYPES, TraderIdentity } from './user.ts';
import { VehicleSummary } from './vehicles.ts';

/*
 * Seller pages and verified traders (issue 35 items 4 and 5, docs/decisions/054): what a seller's
 * public page shows, and a professional seller's identity (DSA art. 30-31) as they enter it and an
 * administrator checks it.
 */

/** Limits of a trader's fields. */
export const TRADER_FIELDS = { legalName: 200, address: 500, registrationNumber: 64, phone: 32, reason: 1000 } as const;

export const TRADER_STATUSES = ['pending', 'verified', 'refused'] as const;
export type TraderStatus = (typeof TRADER_STATUSES)[number];

/** The trader details of my account, with where their check stands. */
export const MyTrader = TraderIdentity.extend({
  status: z
    .enum(TRADER_STATUSES)
    .meta({ description: 'pending until an administrator checks them; changed verified details are pending again' }),
  refusalReason: z.string().nullable().meta({ description: 'Why an administrator refused them' }),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MyTrader = z.infer<typeof MyTrader>;

/** A trader waiting for (or past) an administrator's check, as the console lists them. */
export const AdminTrader = MyTrader.extend({
  id: z.number().meta({ description: 'The seller’s account id' }),
  accountName: z.string(),
  accountEmail: z.string(),
  sellerType: z.enum(SELLER_TYPES),
});
export type AdminTrader = z.infer<typeof AdminTrader>;

export const SellerBadges = z.object({
  emailVerified: z.boolean().meta({ description: 'The account’s email address was confirmed with a code' }),
  phoneVerified: z.boolean().meta({ description: 'The account’s phone number was proved with a code sent by SMS or WhatsApp' }),
  businessVerified: z.boolean().meta({ description: 'A professional seller whose trader details an administrator checked' }),
});
export type SellerBadges = z.infer<typeof SellerBadges>;

/** Response figures are hidden below this many conversations in the window. */
export const RESPONSE_MIN_CONVERSATIONS = 3;
export const RESPONSE_WINDOW_DAYS = 90;
export const RESPONSE_WITHIN_HOURS = 48;

export const SellerResponses = z.object({
  rate: z
    .number()
    .nullable()
    .meta({
      description: `The share (0-1) of the conversations buyers began in the last ${RESPONSE_WINDOW_DAYS} days that the seller answered within ${RESPONSE_WITHIN_HOURS} h; null under ${RESPONSE_MIN_CONVERSATIONS} conversations`,
    }),
  medianMinutes: z.number().nullable().meta({
    description:
      'The median time from a buyer’s first message to the seller’s first answer, over the answered conversations of the window, in minutes; null when the rate is',
  }),
});

export const ReviewSummary = z.object({
  count: z.number().int(),
  average: z.number().nullable().meta({ description: 'Mean of the stars, 1-5, one decimal; null without reviews' }),
  communication: z.number().nullable(),
  accuracy: z.number().nullable(),
  recommendShare: z.number().nullable().meta({ description: 'The share (0-1) of reviewers who would recommend the seller' }),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

export const SellerReview = z.object({
  id: z.number(),
  authorName: z.string(),
  rating: z.number().int(),
  communication: z.number().int(),
  accuracy: z.number().int(),
  recommend: z.boolean(),
  body: z.string(),
  language: z.string().meta({ description: 'The locale it was written in' }),
  vehicleTitle: z.string().nullable(),
  publishedAt: z.string(),
  reply: z.string().nullable().meta({ description: 'The seller’s one answer' }),
  repliedAt: z.string().nullable(),
});
export type SellerReview = z.infer<typeof SellerReview>;

const Page = z.object({ page: z.number().int(), perPage: z.number().int(), total: z.number().int(), pages: z.number().int() });

export const SellerPage = z.object({
  id: z.number(),
  name: z.string().meta({ description: 'A private seller’s first name and last initial; a business’s trade name' }),
  type: z.enum(SELLER_TYPES),
  badges: SellerBadges,
  memberSince: z.string(),
  city: z.object({ id: z.number(), name: z.string() }).nullable().meta({ description: 'The city of the seller’s newest live listing' }),
  responses: SellerResponses,
  counts: z.object({ active: z.number().int(), sold: z.number().int() }),
  trader: TraderIdentity.nullable().meta({ description: 'A verified trader’s identity (DSA art. 30-31); null otherwise' }),
  listings: z.object({ data: z.array(VehicleSummary), meta: Page }).meta({ description: 'A page of live listings, newest first' }),
  sold: z.array(VehicleSummary).meta({ description: 'The most recently sold listings' }),
  reviews: z.object({ summary: ReviewSummary, data: z.array(SellerReview), meta: Page }).meta({
    description: 'Published reviews, newest first, with the seller’s reply',
  }),
});
export type SellerPage = z.infer<typeof SellerPage>;

export const SELLER_LISTINGS_PER_PAGE = 12;
export const SELLER_REVIEWS_PER_PAGE = 10;
export const SELLER_SOLD_SHOWN = 6;
