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

/** A modal confirmation before a destructive action (SPEC §2: logging out everywhere, deleting messages). */
export function ConfirmDialog({ dialogRef, id, title, body, confirmLabel, cancelLabel, busy = false, onConfirm }: Props) {
  return (
    <dialog ref={dialogRef} aria-labelledby={id} className="confirm">
      <h2 id={id}>{title}</h2>
      <p>{body}</p>
      <div className="row">
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
