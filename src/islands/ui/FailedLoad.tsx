// What an island says when something it shows could not be read: the reason as an alert, and a
// Try again button that asks once more.

/** The failure `message` and a button that calls `retry`. */
export default function FailedLoad({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div>
      <p role="alert" className="form-message form-message--error">
        {message}
      </p>
      <button type="button" className="form-submit" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
