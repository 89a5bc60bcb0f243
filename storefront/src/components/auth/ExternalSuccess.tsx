import { useEffect } from 'react';
import { goOn } from '../../lib/client.ts';
import type { UserPayload } from '../../lib/types.ts';
import { rememberUser } from '../../stores/session.ts';
import { flash } from '../../stores/toasts.ts';
import type { Strings } from './forms.ts';

/** /external/success: the session cookies are set; keep the user as a password sign-in does (SPEC §4), then go on. */
export default function ExternalSuccess({ user, redirect, s }: { user: UserPayload; redirect: string; s: Strings }) {
  useEffect(() => {
    void rememberUser(user).then(() => {
      flash(s.success ?? '');
      goOn(redirect, 'replace');
    });
  }, [user, redirect, s]);
  return null;
}
