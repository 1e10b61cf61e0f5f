// What an island says when something it shows could not be read (the profile's applications and
// documents, the timeline and documents of the admin's application case): the reason as an
// alert, and a Retry button that asks once more. One component, so every such failure reads and
// behaves alike; only its look follows the island around it.

/** The class names of the message and the button in each island's look. */
const LOOKS = {
  site: { message: 'form-message form-message--error', button: 'form-submit' },
  admin: { message: 'admin-dialog-error', button: 'admin-button' },
} as const;

interface Props {
  message: string;
  retry: () => void;
  /** The look of the island it is shown in: the public site's forms (default) or the admin dashboard. */
  look?: keyof typeof LOOKS;
}

/** The failure `message` and a Retry button that calls `retry`. */
export default function FailedLoad({ message, retry, look = 'site' }: Props) {
  const classes = LOOKS[look];
  return (
    <div>
      <p role="alert" className={classes.message}>
        {message}
      </p>
      <button type="button" className={classes.button} onClick={retry}>
        Retry
      </button>
    </div>
  );
}
