import type { APIRoute } from 'astro';
import { apiJson, type SitemapInfo, xml } from '../lib/sitemap.ts';

/** The sitemap index: the content pages, the sellers' pages, then the live listings in parts of a few thousand. */
export const GET: APIRoute = async (context) => {
  const info = await apiJson<SitemapInfo>(context, '/api/v1/site/sitemap');
  if (!info) return new Response(null, { status: 503 });
  const parts = ['pages', 'sellers', ...Array.from({ length: info.parts }, (_, i) => String(i))];
  const entries = parts.map((p) => `<sitemap><loc>${info.origin}/sitemap-${p}.xml</loc></sitemap>`);
  return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('\n')}</sitemapindex>`);
};
