import { absoluteUrl } from '@autoroute/contract/runtime-config';
import type { AstroGlobal } from 'astro';

/**
 * A row id written in an address (`/vehicles/12`, `?ids=1,2`): digits only, within the database's
 * ids (the API refuses others with 422); null otherwise, which the page answers as not found.
 */
export function rowId(raw: string | null | undefined): number | null {
  const id = Number(raw);
  return /^\d{1,10}$/.test(raw ?? '') && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * The absolute address of a path on this site, from PUBLIC_URL (the server's runtime configuration):
 * canonical links, OpenGraph, JSON-LD and share links stay right behind a proxy and on any domain.
 * Under `astro dev`, without the server, the request's own origin.
 */
export const siteUrl = (astro: Pick<AstroGlobal, 'locals' | 'url'>, path: string): string =>
  absoluteUrl(astro.locals.runtime?.publicUrl ?? astro.url.origin, path);
