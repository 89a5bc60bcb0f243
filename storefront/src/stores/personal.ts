import { atom } from 'nanostores';
import type { PersonalFragment } from '../lib/types.ts';

/**
 * On a page every visitor shares (decision 024): the signed-in visitor's own part of it, once
 * GET /api/v1/me/fragment answered; null before, and for a visitor who is not signed in. Apart from
 * the session store so that the islands that read it ship nothing else.
 */
export const $personal = atom<PersonalFragment | null>(null);
