// "Request missing documents", in the case of an application that is submitted or in review:
// staff tick the items to ask for and may add a line. Ticked at first are the required items with
// no file; an optional item, and one whose file staff just marked as needing replacement (the
// applicant was told of it with the verdict), start unticked. A tick or untick by hand is kept
// when the missing items change (a file arrived, a verdict), and exactly the ticked items are sent. The request is stored
// with the items it names, the applicant is emailed (through the outbox) and sees it on their
// card and in their history, and staff are told once the last of them arrives.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChecklistRow } from '../../lib/documents/checklist-view.ts';
import { requestDocuments } from '../../lib/documents/requests.ts';
import type { StoredDocument } from '../../lib/documents/stored.ts';
import { DOCUMENT_REVIEW_LIMITS, REQUEST_INITIAL, requestSchema } from '../../lib/forms/document-review.ts';
import { failed, succeeded } from '../../lib/result.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import { useForm } from '../hooks/use-form.ts';
import { TextArea } from '../ui/Field.tsx';
import FormMessage from '../ui/FormMessage.tsx';
import { useToast } from './Toasts.tsx';

const NOTHING_TO_REQUEST = 'Choose at least one missing document.';

interface Props {
  applicationId: string;
  /** The items not provided (missing, or with only files to replace). */
  missing: ChecklistRow<StoredDocument>[];
}

/** Whether an item starts ticked: required, and with no file at all. */
const tickedAtFirst = (item: ChecklistRow<StoredDocument>) => !item.optional && item.state === 'missing';

/** The request form; nothing when every item is provided. */
export default function RequestDocuments({ applicationId, missing }: Props) {
  const queryClient = useQueryClient();
  const notify = useToast();
  // What the person ticked or unticked, by item; an item they have not touched shows its default.
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const ticked = (item: ChecklistRow<StoredDocument>) => choices.get(item.key) ?? tickedAtFirst(item);
  const form = useForm({
    schema: requestSchema,
    initial: REQUEST_INITIAL,
    submit: async ({ note }) => {
      const items = missing.filter(ticked).map((item) => ({ key: item.key, label: item.name }));
      if (items.length === 0) return failed('refused', NOTHING_TO_REQUEST);
      const requested = await requestDocuments(getSupabase(), applicationId, items, note ?? '');
      if (!requested.ok) {
        // One of them arrived meanwhile: the checklist is read again, and staff ask again.
        void queryClient.invalidateQueries({ queryKey: ['documents', applicationId] });
        return requested;
      }
      notify(`Request sent for: ${items.map((item) => item.label).join(', ')}.`);
      for (const key of [['timeline', applicationId], ['list', 'applications'], ['overview'], ['notifications', 'visa_applications']]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
      return succeeded();
    },
  });
  if (missing.length === 0) return null;
  return (
    <form ref={form.formRef} className="request-documents" noValidate onSubmit={(event) => void form.onSubmit(event)}>
      <fieldset>
        <legend>Request missing documents</legend>
        <ul className="request-documents__items">
          {missing.map((item) => (
            <li key={item.key}>
              <label>
                <input
                  type="checkbox"
                  checked={ticked(item)}
                  onChange={(event) => setChoices(new Map(choices).set(item.key, event.target.checked))}
                />{' '}
                {item.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <TextArea
        label="A line to the applicant (optional)"
        field={form.fieldProps('note')}
        error={form.errors.note}
        rows={2}
        maxLength={DOCUMENT_REVIEW_LIMITS.note.max}
      />
      <button type="submit" className="admin-button admin-button--primary" disabled={form.submitting}>
        {form.submitting ? 'Sending...' : 'Send request'}
      </button>
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
