// "Request missing documents", in the dialog of an application that is submitted or in review:
// staff tick the missing items (all of them at first) and may add a line. The request is stored
// with the items it names, the applicant is emailed (through the outbox) and sees it on their
// card and in their history, and staff are told once the last of them arrives.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ChecklistRow } from '../../lib/documents/checklist.ts';
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

/** The request form; nothing when every item is provided. */
export default function RequestDocuments({ applicationId, missing }: Props) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const missingKeys = missing.map((item) => item.key).join(' ');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(missing.map((item) => item.key)));
  // The missing items change (a file arrived, a verdict): every one is ticked again.
  useEffect(() => setChosen(new Set(missingKeys ? missingKeys.split(' ') : [])), [missingKeys]);
  const form = useForm({
    schema: requestSchema,
    initial: REQUEST_INITIAL,
    submit: async ({ note }) => {
      const items = missing.filter((item) => chosen.has(item.key)).map((item) => ({ key: item.key, label: item.name }));
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
                  checked={chosen.has(item.key)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(item.key);
                    else next.delete(item.key);
                    setChosen(next);
                  }}
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
