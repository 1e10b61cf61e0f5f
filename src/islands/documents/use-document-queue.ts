// The files a visitor has chosen for one application, each for an item of its checklist, from the
// choice to the upload: each is checked at once (src/lib/documents/check.ts), waits, uploads with
// its progress to its item's folder, and ends stored or failed with the reason. Files go one after the other, so each progress bar moves on its own
// and a slow connection is not split ten ways. The upload code is imported on the first send.
import { useCallback, useEffect, useRef, useState } from 'react';
import { documentProblem, documentType } from '../../lib/documents/check.ts';
import { documentPath, uniqueFileName } from '../../lib/documents/paths.ts';
import { DOCUMENT_MESSAGES, type DocumentType } from '../../lib/document-rules.ts';
import { SIGNATURE_BYTES } from '../../../common/file-signatures.ts';
import type { UploadTarget } from '../../lib/documents/upload.ts';

/** Where a chosen file stands: refused by the check, waiting, sending, stored, or failed to send. */
type QueuedStatus = 'refused' | 'waiting' | 'uploading' | 'stored' | 'failed';

/** One chosen file. */
export interface QueuedDocument {
  key: string;
  /** The checklist item it is for (its folder: paths.ts). */
  item: string;
  file: File;
  /** The name it is stored under (uniqueFileName: the file's safe name, apart from its item's others). */
  name: string;
  type: DocumentType | undefined;
  status: QueuedStatus;
  /** The share sent, 0 to 1, while uploading. */
  progress: number;
  /** Why it was refused or failed, in the visitor's words. */
  error: string;
  /** Sends tried so far: a Duplicate answer after one means an earlier send landed and its answer was lost. */
  attempts: number;
}

/** The application a send stores its files under. */
interface SendTarget {
  userId: string;
  applicationId: string;
}

/** The upload code, loaded on the first send, and where it uploads as whom. */
interface Uploader {
  upload: typeof import('../../lib/documents/upload.ts');
  destination: UploadTarget;
}

/** The upload code and the signed-in user's target; undefined when either cannot be had (offline, signed out). */
async function loadUploader(): Promise<Uploader | undefined> {
  try {
    const upload = await import('../../lib/documents/upload.ts');
    const destination = await upload.uploadTarget();
    return destination ? { upload, destination } : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the object `objectName` if it is stored; nothing stored (the usual case) is no failure. */
async function discardStored(objectName: string): Promise<void> {
  try {
    const { removeDocument } = await import('../../lib/documents/stored.ts');
    await removeDocument(objectName);
  } catch {
    // The code could not load (offline): the file stays, and the profile lists it with its Remove button.
  }
}

const unsent = (item: QueuedDocument) => item.status === 'waiting' || item.status === 'failed';

/** A document the application already has: its item and safe file name. */
export interface AttachedDocument {
  item: string | undefined;
  name: string;
}

/** The queue of one application's chosen files; `attached` lists the documents it already has. */
export function useDocumentQueue(attached: readonly AttachedDocument[] = []) {
  const [items, setItems] = useState<QueuedDocument[]>([]);
  // What screen readers hear about the last change (files checked, a file sent or failed).
  const [announcement, setAnnouncement] = useState('');
  // Refs as well as state: a send runs across many renders and must read the current list.
  const current = useRef<QueuedDocument[]>([]);
  const attachedDocuments = useRef(attached);
  const aborts = useRef(new Map<string, () => void>());
  const sending = useRef<Promise<boolean> | undefined>(undefined);
  // Keys only tell the list's files apart, so a count does (a random key would pull the
  // idempotency module out of the public forms' chunk and cost every page a request).
  const chosen = useRef(0);

  useEffect(() => {
    attachedDocuments.current = attached;
  }, [attached]);

  // Leaving the page (or the application) stops what is still sending.
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((abort) => abort());
  }, []);

  const update = useCallback((change: (items: QueuedDocument[]) => QueuedDocument[]) => {
    current.current = change(current.current);
    setItems(current.current);
  }, []);
  const patch = useCallback(
    (key: string, changes: Partial<QueuedDocument>) =>
      update((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item))),
    [update],
  );

  /** Checks each file chosen for the checklist item `itemKey` and adds it: waiting to be sent, or refused with the reason. */
  const add = useCallback(
    async (files: File[], itemKey: string) => {
      const problems: string[] = [];
      for (const file of files) {
        const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
        const taken: AttachedDocument[] = [...attachedDocuments.current, ...current.current.filter((item) => item.status !== 'refused')];
        const problem = documentProblem(file, head, {
          inItem: taken.filter((document) => document.item === itemKey).map((document) => document.name),
          total: taken.length,
        });
        if (problem) problems.push(problem);
        const item: QueuedDocument = {
          key: String((chosen.current += 1)),
          item: itemKey,
          file,
          // Named apart from the item's other files (and those waiting with it), so none is refused for its name.
          name: uniqueFileName(
            file.name,
            taken.filter((document) => document.item === itemKey).map((document) => document.name),
          ),
          type: documentType(file),
          status: problem ? 'refused' : 'waiting',
          progress: 0,
          error: problem ?? '',
          attempts: 0,
        };
        update((list) => [...list, item]);
      }
      const accepted = files.length - problems.length;
      const added = accepted > 0 ? `${accepted} ${accepted === 1 ? 'file' : 'files'} added.` : '';
      setAnnouncement([added, ...problems].filter(Boolean).join(' '));
    },
    [update],
  );

  /**
   * Takes a file off the list, stopping its upload if part of it is still to go. One whose body
   * has all been sent is let finish: stopping it saves nothing and would hide whether Storage kept
   * it. Either way sendOne removes whatever it may have stored.
   */
  const remove = useCallback(
    (key: string) => {
      const item = current.current.find((entry) => entry.key === key);
      if (item && item.progress < 1) aborts.current.get(key)?.();
      update((list) => list.filter((entry) => entry.key !== key));
      if (item) setAnnouncement(`${item.file.name} removed.`);
    },
    [update],
  );

  /** Marks every unsent file failed with the connection message (the upload code or session could not be had). */
  const failAll = useCallback(() => {
    for (const item of current.current.filter(unsent))
      patch(item.key, {
        status: 'failed',
        error: DOCUMENT_MESSAGES.uploadFailed(item.file.name),
      });
    setAnnouncement(
      current.current
        .filter((item) => item.status === 'failed')
        .map((item) => item.error)
        .join(' '),
    );
  }, [patch]);

  /** Sends one file and records how it ended. */
  const sendOne = useCallback(
    async (uploader: Uploader, target: SendTarget, item: QueuedDocument) => {
      patch(item.key, { status: 'uploading', progress: 0, error: '' });
      const objectName = documentPath(target.userId, target.applicationId, item.item, item.name);
      const request = { objectName, file: item.file, type: item.type!, displayName: item.file.name };
      const running = uploader.upload.uploadDocument(uploader.destination, request, (progress) => patch(item.key, { progress }));
      aborts.current.set(item.key, running.abort);
      const outcome = await running.done;
      aborts.current.delete(item.key);
      // A Duplicate answer after an earlier send means that send landed: the file is this one.
      const landed = outcome.ok || (outcome.error.kind === 'conflict' && item.attempts > 0);
      if (!current.current.some((entry) => entry.key === item.key)) {
        // Removed while it was sending: what Storage stored (or may have, when the answer was
        // lost or the upload stopped after its last bytes left) goes too, so the list tells the truth.
        if (landed || (!outcome.ok && outcome.error.kind === 'network')) await discardStored(objectName);
        return;
      }
      const attempts = item.attempts + 1;
      if (landed || outcome.ok) {
        patch(item.key, { status: 'stored', progress: 1, attempts });
        setAnnouncement(`${item.file.name} sent.`);
      } else {
        patch(item.key, { status: 'failed', error: outcome.error.message, attempts });
        setAnnouncement(outcome.error.message);
      }
    },
    [patch],
  );

  /**
   * Sends every waiting or failed file to the application, one after the other; true when none is
   * left unsent. A call while a send is running joins it, so a double click sends nothing twice.
   */
  const send = useCallback(
    (target: SendTarget): Promise<boolean> => {
      sending.current ??= (async () => {
        const todo = current.current.filter(unsent);
        if (todo.length === 0) return true;
        const uploader = await loadUploader();
        if (!uploader) {
          failAll();
          return false;
        }
        for (const item of todo) {
          if (current.current.some((entry) => entry.key === item.key)) await sendOne(uploader, target, item);
        }
        return !current.current.some(unsent);
      })().finally(() => {
        sending.current = undefined;
      });
      return sending.current;
    },
    [failAll, sendOne],
  );

  return {
    items,
    announcement,
    add,
    remove,
    send,
    /** True while some chosen file still has to be sent. */
    hasUnsent: items.some(unsent),
    /** Empties the list (after the application and its files are stored). */
    clear: useCallback(() => update(() => []), [update]),
    /** Takes the stored files off the list (the profile shows them in its list of stored documents). */
    dropStored: useCallback(() => update((list) => list.filter((item) => item.status !== 'stored')), [update]),
  };
}
