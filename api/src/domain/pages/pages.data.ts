import type { Database } from '@autoroute/db';
import { DEFAULT_LOCALE, type Locale } from '@autoroute/locales';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/** Pages in the locale, falling back to English where a translation is missing. */
export async function readPages(db: Db, locale: Locale, where: { slug?: string; section?: string }) {
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
