import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { readMaintenanceMessage } from './site.data.ts';

export const SiteInfo = z.object({ maintenanceMessage: z.string().nullable() }).openapi('SiteInfo');

const site = createRoute({
  method: 'get',
  path: '/',
  tags: ['System'],
  summary: 'What every page shows: the maintenance message, in the request language',
  responses: { 200: { description: 'Site information', content: { 'application/json': { schema: z.object({ data: SiteInfo }) } } } },
});

export function siteRoutes(deps: Deps) {
  return createRouter().openapi(site, async (c) => {
    const message = await readMaintenanceMessage(deps.db, c.get('locale'));
    c.header('Cache-Control', 'public, max-age=30');
    return c.json({ data: { maintenanceMessage: message } }, 200);
  });
}
