// What a click on a document in the application's case does: it records the opening in the
// activity record and asks Storage for a signed URL then, never in advance (a URL made when the
// list loads would have expired by the time staff click), and shows the image in the case, opens
// the PDF in a new tab, or saves a HEIC photo. It also says what happened, for the case's live
// region.
import { useRef, useState } from 'react';
import { documentOpening, staffDocumentUrl } from '../../lib/documents/open.ts';
import type { StoredDocument } from '../../lib/documents/stored.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';

/** The image shown in the case, by its signed URL. */
export interface Preview {
  document: StoredDocument;
  url: string;
}

/** Opens documents through signed URLs; `preview` is the image shown, `announcement` what happened. */
export function useDocumentOpener() {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState('');
  const opener = useRef<HTMLElement | null>(null);

  const open = async (doc: StoredDocument, button: HTMLElement) => {
    // A second click while the first is answered does nothing; the button stays enabled, so focus
    // stays on it (a disabled button would drop focus out of the dialog).
    if (pending === doc.path) return;
    const opening = documentOpening(doc.type);
    // The tab is opened during the click, before the request: browsers only let a page open a
    // window in answer to a click, and some (Safari) do not count one opened after a request.
    const tab = opening === 'tab' ? window.open('', '_blank') : null;
    opener.current = button;
    setPending(doc.path);
    setFailure('');
    setAnnouncement(`Opening ${doc.name}...`);
    const signed = await staffDocumentUrl(getSupabase(), doc, opening === 'download');
    setPending(null);
    if (!signed.ok) {
      tab?.close();
      setAnnouncement('');
      setFailure(`Failed to open ${doc.name}. Please try again.`);
      return;
    }
    const url = signed.data;
    if (opening === 'preview') {
      setPreview({ document: doc, url });
      setAnnouncement(`Loading the preview of ${doc.name}...`);
    } else if (opening === 'tab') {
      showInTab(tab, url);
      setAnnouncement(`${doc.name} opened in a new tab.`);
    } else {
      save(url, button);
      setAnnouncement(`${doc.name} is being downloaded.`);
    }
  };

  const closePreview = () => {
    setPreview(null);
    setAnnouncement('');
    // The preview's Close button goes with it: focus returns to the button that opened it.
    opener.current?.focus();
  };

  /** The preview's image loaded, or could not be shown. */
  const previewLoaded = (shown: boolean) => {
    if (!preview) return;
    if (shown) {
      setAnnouncement(`Showing the preview of ${preview.document.name}.`);
    } else {
      setAnnouncement('');
      setFailure(`The preview of ${preview.document.name} could not be shown. Please try again.`);
      setPreview(null);
    }
  };

  return { preview, pending, announcement, failure, open, closePreview, previewLoaded };
}

/** Sends the tab opened for the click to `url`, cut off from this page; a blocked tab opens now. */
function showInTab(tab: Window | null, url: string): void {
  if (!tab) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  // Without its opener the document in the tab cannot navigate the dashboard (reverse tabnabbing).
  tab.opener = null;
  tab.location.replace(url);
}

/** Makes the browser save what `url` answers: the signed URL's `download` asks for an attachment. */
function save(url: string, button: HTMLElement): void {
  const link = document.createElement('a');
  link.href = url;
  // Inside the modal dialog: the rest of the page is inert while it is open.
  (button.closest('dialog') ?? document.body).append(link);
  link.click();
  link.remove();
}
