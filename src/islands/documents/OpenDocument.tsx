// The applicant's way to open a file they sent, as staff open theirs: a signed URL asked for on the
// click (never in advance: it works for 60 s), through the storage rules that already let an
// applicant read their own application's files. An image or PDF opens in a new tab, a HEIC photo
// (which browsers do not show) is saved. A failure is said beside the file.
import { useState } from 'react';
import { documentOpening, signedDocumentUrl } from '../../lib/documents/open.ts';
import type { StoredDocument } from '../../lib/documents/stored.ts';
import { loadSupabase } from '../../lib/supabase-loader.ts';

const OPEN_FAILED = 'This file could not be opened just now. Please try again.';

export default function OpenDocument({ document }: { document: StoredDocument }) {
  const [failed, setFailed] = useState(false);
  const open = async () => {
    const download = documentOpening(document.type) === 'download';
    // Opened during the click: browsers only let a page open a tab in answer to one.
    const tab = download ? null : window.open('', '_blank');
    setFailed(false);
    const signed = await loadSupabase().then(
      (supabase) => signedDocumentUrl(supabase, document, download),
      () => null,
    );
    if (!signed?.ok) {
      tab?.close();
      setFailed(true);
      return;
    }
    if (tab) tab.location.href = signed.data;
    else window.location.assign(signed.data);
  };
  return (
    <>
      <button type="button" className="document-button" aria-label={`Open ${document.name}`} onClick={() => void open()}>
        Open
      </button>
      {failed && (
        <span role="alert" className="stored-documents__error">
          {OPEN_FAILED}
        </span>
      )}
    </>
  );
}
