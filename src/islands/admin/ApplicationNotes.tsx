// The form that adds an internal note to an application (staff only: row-level security keeps
// notes from applicants). The note appears in the dialog's timeline once stored.
import { useQueryClient } from '@tanstack/react-query';
import { NOTE_INITIAL, NOTE_LIMITS, NOTE_TEXTS, noteSchema } from '../../lib/forms/note.ts';
import { addNote } from '../../lib/timeline.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import { useForm } from '../hooks/use-form.ts';
import { TextArea } from '../ui/Field.tsx';
import FormMessage from '../ui/FormMessage.tsx';

/** Adds a note to the application `applicationId`. */
export default function ApplicationNotes({ applicationId }: { applicationId: string }) {
  const queryClient = useQueryClient();
  const form = useForm({
    schema: noteSchema,
    initial: NOTE_INITIAL,
    success: NOTE_TEXTS.added,
    submit: async ({ body }) => {
      const added = await addNote(getSupabase(), applicationId, body);
      if (added.ok) await queryClient.invalidateQueries({ queryKey: ['timeline', applicationId] });
      return added;
    },
  });
  return (
    <form ref={form.formRef} className="application-note-form" noValidate onSubmit={(event) => void form.onSubmit(event)}>
      <TextArea
        label="Internal note"
        hint="Only staff see notes; the applicant never does."
        field={form.fieldProps('body')}
        error={form.errors.body}
        rows={3}
        maxLength={NOTE_LIMITS.body.max}
      />
      <button type="submit" className="admin-button admin-button--primary" disabled={form.submitting}>
        {form.submitting ? 'Adding...' : 'Add note'}
      </button>
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
