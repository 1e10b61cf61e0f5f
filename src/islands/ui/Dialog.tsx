// A modal dialog on the native <dialog>: showModal() traps focus inside, makes the page behind
// inert, closes on Escape, and the browser returns focus to what opened it. The x button closes it
// too. `open` drives it from React state; onClose reports every way it closed.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the body (e.g. Cancel / Delete); the x button is always there. */
  actions?: ReactNode;
  /** The dialog's role: 'alertdialog' for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /**
   * Whether the body is announced with the title on opening: yes for a short message or question
   * (the default); no for a dialog that holds a whole record (an application with its checklist,
   * timeline and notes), which would otherwise be read aloud entire.
   */
  describedByBody?: boolean;
}

/** A modal dialog with a title, a close (x) button, a body and optional actions. */
export default function Dialog({ open, title, onClose, children, actions, role = 'dialog', describedByBody = true }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedByBody ? bodyId : undefined}
      // Escape and close() both end here; React state follows.
      onClose={onClose}
    >
      <div className="dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog__x" aria-label="Close" onClick={() => ref.current?.close()}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z" fill="currentColor" />
          </svg>
        </button>
      </div>
      <div id={bodyId} className="dialog__body">
        {children}
      </div>
      {actions && <div className="dialog__actions">{actions}</div>}
    </dialog>
  );
}
