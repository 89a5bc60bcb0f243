import { useRef, useState } from 'react';
import { apiCall } from '../../lib/client.ts';
import { forgetUser } from '../../stores/session.ts';
import { flash } from '../../stores/toasts.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import type { Strings } from './forms.ts';

/** /logout: this device, or every device after a confirmation (SPEC §2). */
export default function LogoutPanel({ s }: { s: Strings }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const leave = async (everywhere: boolean) => {
    setBusy(true);
    await apiCall(everywhere ? '/api/v1/auth/logout-all' : '/api/v1/auth/logout', { method: 'POST' }).catch(() => undefined);
    forgetUser();
    flash((everywhere ? s.doneAll : s.done) ?? '');
    location.assign('/');
  };
  return (
    <div className="auth-form">
      <button className="button" type="button" disabled={busy} onClick={() => leave(false)}>
        {s.logout}
      </button>
      <button className="button secondary" type="button" disabled={busy} onClick={() => dialog.current?.showModal()}>
        {s.logoutAll}
      </button>
      <ConfirmDialog
        dialogRef={dialog}
        id="confirm-all-title"
        title={s.confirmAllTitle ?? ''}
        body={s.confirmAllBody ?? ''}
        confirmLabel={s.confirmAll ?? ''}
        cancelLabel={s.cancel ?? ''}
        busy={busy}
        onConfirm={() => void leave(true)}
      />
    </div>
  );
}
