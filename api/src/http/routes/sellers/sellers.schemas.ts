import {
  MyTrader as MyTraderSchema,
  ReviewSummary,
  SellerBadges,
  SellerPage as SellerPageSchema,
  SellerReview,
} from '@autoroute/contract/sellers';
import { z } from '@hono/zod-openapi';
import { TraderInput as DomainTraderInput } from '../../../domain/sellers/traders.inputs.ts';
import { named } from '../../openapi.ts';

named(SellerBadges, 'SellerBadges');
named(ReviewSummary, 'SellerReviewSummary');
named(SellerReview, 'SellerReview');
export const SellerPage = named(SellerPageSchema, 'SellerPage');
export const MyTrader = named(MyTraderSchema, 'MyTrader');
export const TraderInput = named(DomainTraderInput, 'TraderInput');

const pageNumber = (name: string) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(10000)
    .default(1)
    .openapi({ param: { name, in: 'query' }, example: 1 });

export const SellerPageQuery = z.object({
  page: pageNumber('page').openapi({ description: 'The page of live listings' }),
  reviewsPage: pageNumber('reviewsPage').openapi({ description: 'The page of reviews' }),
});

export const SitemapSellers = named(z.array(z.object({ id: z.number(), updatedAt: z.string().nullable() })), 'SitemapSellers');
