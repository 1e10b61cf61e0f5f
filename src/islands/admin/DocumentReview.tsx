// Staff's verdict on one provided file, in the application's case: Accept, or Needs replacing
// with a reason the applicant reads on the item and is emailed ("The photo is too dark"). Only
// while the application is open; the file's item then counts as missing until it is replaced.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { REVIEW_FAILED, reviewDocument } from '../../lib/documents/requests.ts';
import type { StoredDocument } from '../../lib/documents/stored.ts';
import { DOCUMENT_REVIEW_LIMITS, REPLACEMENT_INITIAL, replacementSchema } from '../../lib/forms/document-review.ts';
import { succeeded } from '../../lib/result.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import { useForm } from '../hooks/use-form.ts';
import FormMessage from '../ui/FormMessage.tsx';
import { TextArea } from '../ui/Field.tsx';
import { useToast } from './Toasts.tsx';
import { failureOf, unwrap } from './query-result.ts';

interface Props {
  applicationId: string;
  document: StoredDocument;
  /** The name of the item the file is under, for the applicant's email ("Passport photograph"). */
  itemLabel: string;
}

/** What the case reads again after a verdict: the documents, the timeline, the list's progress and the row's emails. */
function useRefresh(applicationId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['documents', applicationId] });
    void queryClient.invalidateQueries({ queryKey: ['document-items'] });
    void queryClient.invalidateQueries({ queryKey: ['timeline', applicationId] });
    void queryClient.invalidateQueries({ queryKey: ['notifications', 'visa_applications'] });
  };
}

/** Accept and Needs replacing for one file. */
export default function DocumentReview({ applicationId, document, itemLabel }: Props) {
  const notify = useToast();
  const refresh = useRefresh(applicationId);
  const [replacing, setReplacing] = useState(false);
  const [error, setError] = useState('');
  // Focus stays in the case after a verdict: Accept is never `disabled` (a disabled button
  // drops its focus to the page), and the reason's form hands focus back to its toggle on close.
  const toggle = useRef<HTMLButtonElement>(null);
  const accept = useMutation({
    mutationFn: () => unwrap(reviewDocument(getSupabase(), document.id, 'accepted')),
    onSuccess: () => {
      setError('');
      notify(`${document.name} accepted.`);
    },
    // A refusal says why (decided meanwhile, the file gone); anything else the review's own words.
    onError: (thrown) => {
      const failure = failureOf(thrown);
      setError(failure.kind === 'refused' ? failure.message : REVIEW_FAILED);
    },
    onSettled: refresh,
  });
  return (
    <>
      <button
        type="button"
        className="admin-button admin-button--small"
        aria-disabled={accept.isPending || document.verdict === 'accepted'}
        onClick={() => {
          if (!accept.isPending && document.verdict !== 'accepted') accept.mutate();
        }}
      >
        Accept<span className="visually-hidden"> {document.name}</span>
      </button>
      <button
        ref={toggle}
        type="button"
        className="admin-button admin-button--small"
        aria-expanded={replacing}
        onClick={() => setReplacing(!replacing)}
      >
        Needs replacing<span className="visually-hidden"> {document.name}</span>
      </button>
      {error && (
        <p role="alert" className="admin-dialog-error">
          {error}
        </p>
      )}
      {replacing && (
        <ReplacementForm
          applicationId={applicationId}
          document={document}
          itemLabel={itemLabel}
          onDone={() => {
            setReplacing(false);
            toggle.current?.focus();
            refresh();
          }}
        />
      )}
    </>
  );
}

/** The reason a file needs replacing; sent, it marks the file and emails the applicant. */
function ReplacementForm({ document, itemLabel, onDone }: Props & { onDone: () => void }) {
  const notify = useToast();
  const form = useForm({
    schema: replacementSchema,
    initial: { ...REPLACEMENT_INITIAL, reason: document.verdict === 'needs_replacing' ? (document.reason ?? '') : '' },
    submit: async ({ reason }) => {
      const reviewed = await reviewDocument(getSupabase(), document.id, 'needs_replacing', { text: reason, itemLabel });
      if (!reviewed.ok) return reviewed;
      notify(`${document.name} marked as needing replacement; the applicant is emailed.`);
      onDone();
      return succeeded();
    },
  });
  return (
    <form ref={form.formRef} className="document-review-form" noValidate onSubmit={(event) => void form.onSubmit(event)}>
      <TextArea
        label={`What needs replacing in ${document.name}`}
        hint="The applicant reads this on the document and in an email."
        field={form.fieldProps('reason')}
        error={form.errors.reason}
        rows={2}
        maxLength={DOCUMENT_REVIEW_LIMITS.reason.max}
      />
      <button type="submit" className="admin-button admin-button--primary" disabled={form.submitting}>
        {form.submitting ? 'Saving...' : 'Ask for a new file'}
      </button>
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
