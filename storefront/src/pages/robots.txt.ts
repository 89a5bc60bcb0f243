import type { APIRoute } from 'astro';
import { apiJson, type SitemapInfo } from '../lib/sitemap.ts';

/** robots.txt names the sitemap by its absolute address (PUBLIC_URL), as the protocol asks. */
export const GET: APIRoute = async (context) => {
  const info = await apiJson<SitemapInfo>(context, '/api/v1/site/sitemap');
  const lines = ['User-agent: *', 'Disallow: /admin/', 'Disallow: /api/', ''];
  if (info) lines.push(`Sitemap: ${info.origin}/sitemap.xml`, '');
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
