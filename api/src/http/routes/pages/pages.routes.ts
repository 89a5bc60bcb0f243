import { ContentPage } from '@autoroute/contract/site';
import { createRoute, z } from '@hono/zod-openapi';
import { notFound } from '../../../core/errors.ts';
import { readPages } from '../../../domain/pages/pages.data.ts';
import type { Deps } from '../../context.ts';
import { failure, jsonContent, named } from '../../openapi.ts';
import { createRouter } from '../../router.ts';

/** A content page (@autoroute/contract/site), named in the API document. */
const Page = named(ContentPage, 'Page');

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Pages'],
  summary: 'Content pages of a section (legal, company, help)',
  request: { query: z.object({ section: z.enum(['legal', 'company', 'help']).optional() }) },
  responses: { 200: { description: 'Pages', ...jsonContent(z.object({ data: z.array(Page) })) } },
});
const one = createRoute({
  method: 'get',
  path: '/{slug}',
  tags: ['Pages'],
  summary: 'One content page in the request language',
  request: { params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) }) },
  responses: {
    200: { description: 'The page', ...jsonContent(z.object({ data: Page })) },
    404: failure('PAGE_NOT_FOUND'),
  },
});

export function pagesRoutes(deps: Deps) {
  return createRouter()
    .openapi(list, async (c) => c.json({ data: await readPages(deps.db, c.get('locale'), { section: c.req.valid('query').section }) }, 200))
    .openapi(one, async (c) => {
      const [page] = await readPages(deps.db, c.get('locale'), { slug: c.req.valid('param').slug });
      if (!page) throw notFound('PAGE_NOT_FOUND');
      return c.json({ data: page }, 200);
    });
}
