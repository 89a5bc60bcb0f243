import { forgetStoredSession, loadEncrypted, saveEncrypted, USER_INFO_KEY } from '@autoroute/contract/secure-storage';
import { atom } from 'nanostores';
import type { UserPayload } from '../lib/types.ts';
import { $personal } from './personal.ts';

/** The signed-in user in the browser (SPEC §9 key userInfo, stored encrypted: @autoroute/contract/secure-storage). */
const $user = atom<UserPayload | null>(null);

/** SPEC §4: sign-in stores the user and applies their theme and language. */
export async function rememberUser(user: UserPayload): Promise<void> {
  $user.set(user);
  await saveEncrypted(USER_INFO_KEY, user);
  try {
    if (user.theme?.code) localStorage.setItem('ui-theme', user.theme.code);
    localStorage.setItem('settings', JSON.stringify({ font: user.font }));
    if (user.language?.code) {
      localStorage.setItem('i18nLng', user.language.code);
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
      document.cookie = `i18next=${user.language.code}; path=/; max-age=31536000; samesite=lax`;
    }
  } catch {}
}

/** SPEC §4: a 401 (or signing out) clears the stored user and tokens. */
export function forgetUser(): void {
  $user.set(null);
  $personal.set(null);
  document.documentElement.removeAttribute('data-signed-in');
  try {
    forgetStoredSession();
    sessionStorage.removeItem('member');
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
    document.cookie = 'SIGNED_IN=; path=/; max-age=0; samesite=lax';
  } catch {}
}

export const storedUser = () => loadEncrypted<UserPayload>(USER_INFO_KEY);

/** The one-time code flow's state (SPEC §4: email, session id, process id), kept for this tab only. */
export interface CodeFlow {
  email: string;
  sessionId: string;
  purpose: 'verify_email' | 'reset_password';
  redirect?: string;
  processId?: string;
  /** Started by the sign-up form: its end says "Sign up successful!" (SPEC §4), else "Email verified". */
  signUp?: boolean;
}

export function saveFlow(flow: CodeFlow): void {
  sessionStorage.setItem('codeFlow', JSON.stringify(flow));
}

export function readFlow(): CodeFlow | null {
  try {
    return JSON.parse(sessionStorage.getItem('codeFlow') ?? 'null') as CodeFlow | null;
  } catch {
    return null;
  }
}

export const endFlow = () => sessionStorage.removeItem('codeFlow');
