// A read of the application's dialog that failed (its timeline, its documents): the message,
// announced, and a Retry button.

/** The failure of a read, with `onRetry` behind its Retry button. */
export default function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <p className="admin-dialog-error">{message}</p>
      <button type="button" className="admin-button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
