import type { APIRoute } from 'astro';
import { apiJson, type SitemapInfo, urlEntry, urlset } from '../lib/sitemap.ts';

interface Page {
  slug: string;
  section: string;
  updatedAt: string;
}

/** One part of the sitemap: `pages` (home, search, content pages), `sellers` (active sellers with a live listing) or a numbered part of the listings. */
export const GET: APIRoute = async (context) => {
  const part = context.params.part ?? '';
  const info = await apiJson<SitemapInfo>(context, '/api/v1/site/sitemap');
  if (!info) return new Response(null, { status: 503 });
  if (part === 'pages') {
    const pages = (await apiJson<Page[]>(context, '/api/v1/pages')) ?? [];
    const paths = ['/', '/vehicles', '/help-center/'];
    const entries = [
      ...paths.map((p) => urlEntry(info.origin, p)),
      ...pages.map((p) => urlEntry(info.origin, p.section === 'help' ? `/help-center/${p.slug}` : `/${p.slug}`, p.updatedAt)),
    ];
    return urlset(entries);
  }
  if (part === 'sellers') {
    const sellers = (await apiJson<{ id: number; updatedAt: string | null }[]>(context, '/api/v1/sellers/sitemap')) ?? [];
    return urlset(sellers.map((s) => urlEntry(info.origin, `/sellers/${s.id}`, s.updatedAt ?? undefined)));
  }
  const n = /^\d{1,6}$/.test(part) ? Number(part) : -1;
  if (n < 0 || n >= info.parts) return new Response(null, { status: 404 });
  const vehicles = (await apiJson<{ id: number; updatedAt: string }[]>(context, `/api/v1/site/sitemap/${n}`)) ?? [];
  return urlset(vehicles.map((v) => urlEntry(info.origin, `/vehicles/${v.id}`, v.updatedAt)));
};
