// Short messages after an action ('Application deleted.', 'Failed to delete user.'), announced
// politely: one role=status region that exists from the start, so screen readers hear each new line.
// At most a few at once, and on a phone only the newest (admin-base.css): they never cover the page.
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

const SHOWN_MS = 8000;
/** Toasts on screen at once: a newer one pushes the oldest out, so a run of actions never piles up. */
const MOST_SHOWN = 3;

const ToastContext = createContext<(text: string) => void>(() => undefined);

/** Shows a toast: `const notify = useToast(); notify('Saved.')`. */
export function useToast(): (text: string) => void {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<{ id: number; text: string }[]>([]);
  const nextId = useRef(0);
  const notify = useCallback((text: string) => {
    const id = nextId.current++;
    // The same line again (a second delete) replaces the first rather than stacking a copy.
    setToasts((current) => [...current.filter((toast) => toast.text !== text), { id, text }].slice(-MOST_SHOWN));
    setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), SHOWN_MS);
  }, []);
  return (
    <ToastContext.Provider value={notify}>
      {children}
      <div className="admin-toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <p key={toast.id} className="admin-toast">
            {toast.text}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
