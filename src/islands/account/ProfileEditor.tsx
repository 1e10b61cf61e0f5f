// Edits the user's own profile with the signup form's fields and schema (src/lib/forms/profile.ts).
// Email and role are not offered: the database's column grants refuse them anyway.
import { saveProfile } from '../../lib/auth/actions.ts';
import type { Profile } from '../../lib/auth/store.ts';
import { PROFILE_FIELDS, PROFILE_SAVE_TEXTS, profileSchema, type ProfileData, type ProfileField } from '../../lib/forms/profile.ts';
import { useForm } from '../hooks/use-form.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import ProfileFields from './ProfileFields.tsx';

interface Props {
  profile: Profile;
  /** Called after a successful save with its message; the details list shows it. */
  onDone: (message: string) => void;
}

/** The row's values as the inputs hold them: strings, '' for a missing value. */
function formValues(profile: Profile): Record<ProfileField, string> {
  return Object.fromEntries(PROFILE_FIELDS.map((name) => [name, profile[name] === null ? '' : String(profile[name])])) as Record<
    ProfileField,
    string
  >;
}

export default function ProfileEditor({ profile, onDone }: Props) {
  const submit = async (data: ProfileData) => {
    const result = await saveProfile(profile.id, data);
    if (result.ok) onDone(PROFILE_SAVE_TEXTS.saved);
    return result;
  };
  const form = useForm({ schema: profileSchema, initial: formValues(profile), submit, resetOnSuccess: false });
  return (
    <form ref={form.formRef} className="form" method="post" noValidate onSubmit={form.onSubmit} aria-label="Edit profile">
      <ProfileFields fieldProps={form.fieldProps} errors={form.errors} />
      <div className="profile__actions">
        <SubmitButton label="Save Changes" busyLabel="Saving..." busy={form.submitting} />
        <button type="button" className="form-submit form-submit--secondary" onClick={() => onDone('')} disabled={form.submitting}>
          Cancel
        </button>
      </div>
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
