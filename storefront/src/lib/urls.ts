import { absoluteUrl } from '@autoroute/contract/runtime-config';
import type { AstroGlobal } from 'astro';

/**
 * The absolute address of a path on this site, from PUBLIC_URL (the server's runtime configuration):
 * canonical links, OpenGraph, JSON-LD and share links stay right behind a proxy and on any domain.
 * Under `astro dev`, without the server, the request's own origin.
 */
export const siteUrl = (astro: Pick<AstroGlobal, 'locals' | 'url'>, path: string): string =>
  absoluteUrl(astro.locals.runtime?.publicUrl ?? astro.url.origin, path);
