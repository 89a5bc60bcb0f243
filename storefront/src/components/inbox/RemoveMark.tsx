import { useRef, useState } from 'react';
import { ApiError, apiCall } from '../../lib/client.ts';
import { toast } from '../../stores/toasts.ts';

interface Props {
  id: number;
  kind: 'favorite' | 'like';
  label: string;
  text: string;
  done: string;
  failed: string;
}

/** /favorites/: takes one vehicle off the list (optimistic: the card goes at once, and comes back on failure). */
export default function RemoveMark({ id, kind, label, text, done, failed }: Props) {
  const [busy, setBusy] = useState(false);
  const self = useRef<HTMLButtonElement>(null);
  const remove = async () => {
    const slot = self.current?.closest<HTMLElement>('[data-mark-slot]');
    const empty = document.querySelector<HTMLElement>('[data-mark-empty]');
    const show = (visible: boolean) => {
      if (slot) slot.hidden = !visible;
      const left = document.querySelectorAll('[data-mark-slot]:not([hidden])').length;
      if (empty) empty.hidden = left > 0;
    };
    setBusy(true);
    show(false);
    try {
      await apiCall(`/api/v1/vehicles/${id}/${kind}`, { method: 'DELETE' });
      toast(done, { kind: 'success' });
    } catch (error) {
      show(true);
      setBusy(false);
      toast(error instanceof ApiError ? error.message : failed, { kind: 'error' });
    }
  };
  return (
    <button ref={self} className="button ghost" type="button" aria-label={label} disabled={busy} onClick={remove}>
      {text}
    </button>
  );
}
