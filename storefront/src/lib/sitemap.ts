import { LOCALES } from '@autoroute/locales';
import type { APIContext } from 'astro';

export interface SitemapInfo {
  origin: string;
  vehicles: number;
  parts: number;
  partSize: number;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const languageTag = (locale: string) => locale.replace('_', '-');

/** Reads an API document in-process for a sitemap endpoint (same contract as the pages use). */
export async function apiJson<T>(context: Pick<APIContext, 'locals'>, path: string): Promise<T | null> {
  const call = context.locals.api;
  if (!call) return null;
  const res = await call(path);
  return res.ok ? ((await res.json()) as { data: T }).data : null;
}

/** One <url> with its eight language versions (`?lng=`) and its x-default, as search engines expect for hreflang. */
export function urlEntry(origin: string, path: string, lastmod?: string): string {
  const href = (locale: string) => escapeXml(`${origin}${path}${path.includes('?') ? '&' : '?'}lng=${locale}`);
  const loc = escapeXml(`${origin}${path}`);
  // The address without `lng` picks the visitor's language: the x-default version (as the pages' own links say).
  const alternates = [...LOCALES.map((l) => [languageTag(l), href(l)]), ['x-default', loc]]
    .map(([tag, url]) => `<xhtml:link rel="alternate" hreflang="${tag}" href="${url}"/>`)
    .join('');
  return `<url><loc>${loc}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}${alternates}</url>`;
}

export const xml = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });

export const urlset = (entries: string[]) =>
  xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join('\n')}</urlset>`,
  );
