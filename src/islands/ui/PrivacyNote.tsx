// The line beside the submit button of every form that collects personal data: what the form's
// data is used for, and a link to the privacy notice. One component, so every form says it the same
// way; each form's sentence is here, once. It adds to a form and replaces none of its texts.
import { PRIVACY_NOTICE_PATH } from '../../../common/privacy-notice.ts';

/** What each form's data is used for, in one sentence. */
const PURPOSES = {
  booking: 'We use what you send only to arrange your consultation with you.',
  contact: 'We use what you send only to answer you.',
  newsletter: 'By subscribing you agree to receive our newsletter. We use your address for nothing else, and every issue lets you unsubscribe.',
  signup: 'We use your details only to run your account and your applications.',
  visa: 'We use what you send only to prepare your application with you.',
} as const;

/** The forms that show the line. */
export type PrivacyNoteForm = keyof typeof PURPOSES;

/** The link's words: the same on every form. */
export const PRIVACY_NOTE_LINK = 'Read our privacy notice';

export default function PrivacyNote({ form }: { form: PrivacyNoteForm }) {
  return (
    <p className="form-privacy">
      {PURPOSES[form]} <a href={PRIVACY_NOTICE_PATH}>{PRIVACY_NOTE_LINK}</a>.
    </p>
  );
}
