import type { RefObject } from 'react';

interface Props {
  dialogRef: RefObject<HTMLDialogElement | null>;
  id: string;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}

/**
 * The one modal confirmation before a destructive action (SPEC §2: deleting a listing, a saved search
 * or notifications, logging out everywhere, unlinking, blocking). A native <dialog> opened with
 * showModal(): the focus goes to Cancel (first, so Enter never destroys by accident) and back to the
 * opener on close, Escape closes it, the page behind is inert. Its layout is its own, so it reads the
 * same wherever an island puts it, right to left and at 320 px.
 */
export function ConfirmDialog({ dialogRef, id, title, body, confirmLabel, cancelLabel, busy = false, onConfirm }: Props) {
  return (
    <dialog ref={dialogRef} aria-labelledby={id} aria-describedby={`${id}-body`} className="confirm">
      <h2 id={id}>{title}</h2>
      <p id={`${id}-body`}>{body}</p>
      <div className="confirm-actions">
        <button className="button secondary" type="button" onClick={() => dialogRef.current?.close()}>
          {cancelLabel}
        </button>
        <button
          className="button danger"
          type="button"
          disabled={busy}
          onClick={() => {
            dialogRef.current?.close();
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
