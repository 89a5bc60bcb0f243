import type { AstroGlobal } from 'astro';
import { safeRedirect } from './session.ts';

/** The form strings every auth island needs, already translated (islands get resolved strings). */
export const formStrings = (astro: Pick<AstroGlobal, 'locals'>) =>
  astro.locals.t('auth.form', { returnObjects: true }) as Record<string, string>;

/** Sign-in and sign-up go home when already signed in (SPEC §2). */
export function redirectIfSignedIn(astro: AstroGlobal): Response | null {
  return astro.locals.user ? astro.redirect(safeRedirect(astro, astro.url.searchParams.get('redirect'))) : null;
}
