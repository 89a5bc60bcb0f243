import type { Database } from '@autoroute/db';
import { DEFAULT_LOCALE, type Locale } from '@autoroute/locales';
import { createRoute, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { createRouter, type Deps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { ErrorEnvelope } from '../../openapi.ts';

export const Page = z
  .object({
    slug: z.string(),
    section: z.string(),
    title: z.string(),
    summary: z.string(),
    body: z.string(),
    locale: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Page');

/** Pages in the locale, falling back to English where a translation is missing. */
async function readPages(db: Kysely<Database>, locale: Locale, where: { slug?: string; section?: string }) {
  let q = db
    .selectFrom('pages as p')
    .innerJoin('page_translations as tr', 'tr.page_id', 'p.id')
    .select(['p.slug', 'p.section', 'p.updated_at', 'tr.locale', 'tr.title', 'tr.summary', 'tr.body'])
    .where('tr.locale', 'in', [locale, DEFAULT_LOCALE])
    .orderBy('p.id');
  if (where.slug) q = q.where('p.slug', '=', where.slug);
  if (where.section) q = q.where('p.section', '=', where.section);
  const rows = await q.execute();
  const bySlug = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!bySlug.has(r.slug) || r.locale === locale) bySlug.set(r.slug, r);
  return [...bySlug.values()].map((r) => ({
    slug: r.slug,
    section: r.section,
    title: r.title,
    summary: r.summary,
    body: r.body,
    locale: r.locale,
    updatedAt: r.updated_at,
  }));
}

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Pages'],
  summary: 'Content pages of a section (legal, company, help)',
  request: { query: z.object({ section: z.enum(['legal', 'company', 'help']).optional() }) },
  responses: { 200: { description: 'Pages', content: { 'application/json': { schema: z.object({ data: z.array(Page) }) } } } },
});
const one = createRoute({
  method: 'get',
  path: '/{slug}',
  tags: ['Pages'],
  summary: 'One content page in the request language',
  request: { params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) }) },
  responses: {
    200: { description: 'The page', content: { 'application/json': { schema: z.object({ data: Page }) } } },
    404: { description: 'PAGE_NOT_FOUND', content: { 'application/json': { schema: ErrorEnvelope } } },
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
