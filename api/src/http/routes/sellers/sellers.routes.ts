import { createRoute, z } from '@hono/zod-openapi';
import { sitemapSellers } from '../../../domain/sellers/sellers.data.ts';
import { sellerPage } from '../../../domain/sellers/sellers.service.ts';
import { myTrader, saveMyTrader } from '../../../domain/sellers/traders.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { MyTrader, SellerPage, SellerPageQuery, SitemapSellers, TraderInput } from './sellers.schemas.ts';

/** Sellers a sitemap lists at most: one sitemap file's worth (50,000 URLs) in eight languages would be more. */
const SITEMAP_SELLERS = 5000;

const sitemapSellersRoute = createRoute({
  method: 'get',
  path: '/sitemap',
  tags: ['Sellers'],
  summary: `Sellers whose page a sitemap lists: active accounts with a live listing, by id (at most ${SITEMAP_SELLERS}), with their listings' last change`,
  responses: { 200: { description: 'The sellers', ...jsonContent(z.object({ data: SitemapSellers })) } },
});

export const sellerRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Sellers'],
  summary: 'A seller’s public page: name, badges, response figures, live and sold listings, published reviews',
  description:
    'Kept like the other public reads, keyed by the catalogue’s version, which reviews, trader checks and the seller’s badges move (decision 054); the response figures may be up to a day old.',
  request: { params: IdParam, query: SellerPageQuery },
  responses: {
    200: { description: 'The seller', ...jsonContent(z.object({ data: SellerPage })) },
    404: failure('SELLER_NOT_FOUND: no such account, or a suspended one'),
    422: failure('VALIDATION_FAILED: a page out of range'),
  },
});

/** GET /sellers/{id}: seller pages (issue 35 item 5, decision 054). */
export function sellersRoutes(deps: Deps) {
  return createRouter()
    .openapi(sitemapSellersRoute, async (c) => {
      const rows = await sitemapSellers(deps.db, SITEMAP_SELLERS);
      return c.json({ data: rows.map((r) => ({ id: r.id, updatedAt: r.updated_at === null ? null : String(r.updated_at) })) }, 200);
    })
    .openapi(sellerRoute, async (c) =>
      c.json({ data: await sellerPage(deps, c.req.valid('param').id, c.req.valid('query'), c.get('locale')) }, 200),
    );
}

export const myTraderRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Sellers'],
  summary: 'My trader details (DSA art. 30-31) and where their check stands; null when never entered',
  middleware: requireUser(),
  responses: { 200: { description: 'My details', ...jsonContent(z.object({ data: MyTrader.nullable() })) } },
});

export const saveMyTraderRoute = createRoute({
  method: 'put',
  path: '/',
  tags: ['Sellers'],
  summary:
    'Enter or change my trader details (a professional seller): they wait for an administrator’s check, and changed verified details are no longer shown until checked again',
  middleware: requireUser(),
  request: jsonBody(TraderInput),
  responses: {
    200: { description: 'My details, pending unless unchanged', ...jsonContent(z.object({ data: MyTrader })) },
    403: failure('TRADER_NOT_PROFESSIONAL: a private seller has no trader details'),
    422: failure('VALIDATION_FAILED: details name each field'),
  },
});

/** /me/trader: a professional seller's identity, as they enter it. */
export function myTraderRoutes(deps: Deps) {
  return createRouter()
    .openapi(myTraderRoute, async (c) => c.json({ data: await myTrader(deps.db, c.get('principal')!.userId) }, 200))
    .openapi(saveMyTraderRoute, async (c) =>
      c.json({ data: await saveMyTrader(deps.db, c.get('principal')!.userId, c.req.valid('json')) }, 200),
    );
}
