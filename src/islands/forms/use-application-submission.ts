// How the visa form stores an application with its documents. The row is stored first,
// as every form stores its row (idempotency key, src/islands/forms/use-stored-submission.ts); with
// files chosen, its id is read back and each file is sent to it. The submission succeeds (and the
// form's success dialog opens) only when every file is stored. If one is not, the application
// stays submitted and this hook remembers it: sending again (Try again, or Submit again) sends the
// remaining files to that same application and stores no second one.
import { useCallback, useMemo, useState } from 'react';
import { applicationIdFor } from '../../lib/forms/application-id.ts';
import { store } from '../../lib/forms/submit.ts';
import { VISA_DOCUMENTS_UNSENT, VISA_FAILURE, type VisaApplication } from '../../lib/forms/visa-application.ts';
import { failed, succeeded, type Result } from '../../lib/result.ts';
import { useDocumentQueue } from '../documents/use-document-queue.ts';
import { useStoredSubmission } from './use-stored-submission.ts';

// user_id defaults to the caller (auth.uid()); row-level security refuses any other. A date of
// birth the database judges future is shown at its field (src/lib/forms/errors.ts).
const insertApplication = (application: VisaApplication, clientKey: string) =>
  store((supabase) => supabase.from('visa_applications').insert({ ...application, message: application.message ?? null, client_key: clientKey }), VISA_FAILURE);

/** Stores the application; with files to send, also reads back its id (without, nothing more is asked). */
const storeApplication =
  (withFiles: boolean) =>
  async (application: VisaApplication, clientKey: string): Promise<Result<string | undefined>> => {
    const stored = await insertApplication(application, clientKey);
    if (!stored.ok || !withFiles) return stored;
    return applicationIdFor(clientKey, VISA_FAILURE);
  };

/** The visa form's submit, its chosen files, and whether a stored application still waits for some. */
export function useApplicationSubmission(userId: string) {
  const documents = useDocumentQueue();
  const withFiles = documents.hasUnsent;
  const storeRow = useStoredSubmission(useMemo(() => storeApplication(withFiles), [withFiles]));
  // The application stored by an earlier submit whose files are not all sent yet: Try again sends
  // them to it instead of storing a second application.
  const [waitingId, setWaitingId] = useState<string | undefined>(undefined);
  const { send, clear } = documents;

  const submit = useCallback(
    async (data: VisaApplication): Promise<Result> => {
      let applicationId = waitingId;
      if (!applicationId) {
        const saved = await storeRow(data);
        if (!saved.ok) return saved;
        applicationId = saved.data;
      }
      // No file to send (none chosen, or only refused ones): the application alone is the success.
      if (!applicationId) {
        clear();
        return succeeded();
      }
      if (!(await send({ userId, applicationId }))) {
        setWaitingId(applicationId);
        return failed('refused', VISA_DOCUMENTS_UNSENT);
      }
      setWaitingId(undefined);
      clear();
      return succeeded();
    },
    [waitingId, storeRow, send, clear, userId],
  );

  return { documents, awaitingFiles: waitingId !== undefined, submit };
}
