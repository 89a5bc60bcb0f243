import { SiteInfo as ContractSiteInfo } from '@autoroute/contract/site';
import { createRoute, z } from '@hono/zod-openapi';
import { countLiveVehicles, readMaintenanceNotice, sitemapVehicles } from '../../../domain/site/site.data.ts';
import type { Deps } from '../../context.ts';
import { jsonContent, named } from '../../openapi.ts';
import { createRouter } from '../../router.ts';

/** What every page shows (@autoroute/contract/site), named in the API document. */
const SiteInfo = named(ContractSiteInfo, 'SiteInfo');

const site = createRoute({
  method: 'get',
  path: '/',
  tags: ['System'],
  summary: 'What every page shows: the maintenance message, in the request language',
  responses: { 200: { description: 'Site information', ...jsonContent(z.object({ data: SiteInfo })) } },
});

/** Listings per sitemap part: with eight languages each, a part stays well under the 50,000-URL limit. */
const SITEMAP_PART_SIZE = 5000;

export const sitemapIndex = createRoute({
  method: 'get',
  path: '/sitemap',
  tags: ['System'],
  summary: 'The public address and how many sitemap parts the live listings fill',
  responses: {
    200: {
      description: 'Parts',
      ...jsonContent(z.object({ data: z.object({ origin: z.string(), vehicles: z.number(), parts: z.number(), partSize: z.number() }) })),
    },
  },
});
export const sitemapPart = createRoute({
  method: 'get',
  path: '/sitemap/{part}',
  tags: ['System'],
  summary: 'The live listings of one sitemap part (id and last change)',
  request: {
    params: z.object({
      part: z.coerce
        .number()
        .int()
        .min(0)
        .max(100_000)
        // Coercion would take null for 0, which makes the generator call the parameter optional and
        // nullable: a path parameter is always there, and a number.
        .openapi({ type: 'integer', param: { name: 'part', in: 'path', required: true } }),
    }),
  },
  responses: {
    200: {
      description: 'Listings',
      ...jsonContent(z.object({ data: z.array(z.object({ id: z.number(), updatedAt: z.string() })) })),
    },
  },
});

export function siteRoutes(deps: Deps) {
  return createRouter()
    .openapi(site, async (c) => {
      const notice = await readMaintenanceNotice(deps.db, c.get('locale'));
      // Not cached: a message switched on or off in the back office shows on the next page load.
      c.header('Cache-Control', 'no-cache');
      return c.json({ data: { maintenanceMessage: notice?.text ?? null, maintenanceLanguage: notice?.language ?? null } }, 200);
    })
    .openapi(sitemapIndex, async (c) => {
      const vehicles = await countLiveVehicles(deps.db);
      return c.json(
        {
          data: {
            origin: deps.config.publicUrl,
            vehicles,
            parts: Math.max(1, Math.ceil(vehicles / SITEMAP_PART_SIZE)),
            partSize: SITEMAP_PART_SIZE,
          },
        },
        200,
      );
    })
    .openapi(sitemapPart, async (c) => {
      const rows = await sitemapVehicles(deps.db, c.req.valid('param').part, SITEMAP_PART_SIZE);
      return c.json({ data: rows.map((r) => ({ id: r.id, updatedAt: r.updated_at })) }, 200);
    });
}
