// The signed-in visitor's rights over their data, as /profile offers them: download everything
// held about the account (the Edge Function export-my-data answers one zip) and delete the account
// (delete-my-account, after the password is checked again). Plain requests with the session's
// access token: supabase-js's functions.invoke reads a zip as text, which would spoil it.
import { failed, succeeded, type Result } from './result.ts';
import { loadSupabase } from './supabase-loader.ts';
import { siteSupabaseSettings } from './supabase-settings.ts';

export const RIGHTS_TEXTS = {
  downloading: 'Preparing your file… this can take a few seconds.',
  downloaded: (size: string) => `Your file is downloaded (${size}). It holds data.json and your documents.`,
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  signedOut: 'Your session has ended. Log in again, then try once more.',
  network: 'No connection: check your internet connection and try again.',
  deleteFailed: 'Your account could not be deleted now. Nothing was deleted. Please try again.',
  noPassword: 'Enter your password to confirm.',
  deleted: 'Your account is deleted, and you are signed out everywhere. We have emailed you a confirmation.',
} as const;

/** A file's size as a person reads it: "1.4 MB", "820 KB". */
export function readableSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** POSTs to a function of the project with the session's token; null when there is no session. */
async function callFunction(name: 'export-my-data' | 'delete-my-account', body: unknown): Promise<Response | null> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) return null;
  const { url, anonKey } = siteSupabaseSettings();
  return fetch(`${url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The function's message for a refusal, when it sent one. */
async function messageOf(res: Response): Promise<{ message?: string; field?: string }> {
  try {
    const body: unknown = await res.json();
    return typeof body === 'object' && body !== null ? (body as { message?: string; field?: string }) : {};
  } catch {
    return {};
  }
}

/** The archive of everything held about the account, with the file name the function gave it. */
export async function downloadMyData(): Promise<Result<{ file: Blob; name: string }>> {
  let res: Response | null;
  try {
    res = await callFunction('export-my-data', {});
  } catch {
    return failed('network', RIGHTS_TEXTS.network);
  }
  if (!res || res.status === 401) return failed('refused', RIGHTS_TEXTS.signedOut);
  if (!res.ok) return failed('unexpected', RIGHTS_TEXTS.downloadFailed);
  try {
    const file = await res.blob();
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'my-data.zip';
    return succeeded({ file, name });
  } catch {
    // The answer stopped halfway (a file could not be read, or the connection dropped).
    return failed('unexpected', RIGHTS_TEXTS.downloadFailed);
  }
}

/** Deletes the account once `password` is checked; a wrong password is a field error of `password`. */
export async function deleteMyAccount(password: string): Promise<Result> {
  if (password === '') return failed('invalid', RIGHTS_TEXTS.noPassword, { password: RIGHTS_TEXTS.noPassword });
  let res: Response | null;
  try {
    res = await callFunction('delete-my-account', { password });
  } catch {
    return failed('network', RIGHTS_TEXTS.network);
  }
  if (!res || res.status === 401) return failed('refused', RIGHTS_TEXTS.signedOut);
  // The account and its sessions are gone on the server; the page then signs this browser out.
  if (res.ok) return succeeded();
  const { message, field } = await messageOf(res);
  if (res.status === 429) return failed('rate-limit', message ?? RIGHTS_TEXTS.deleteFailed);
  if (field === 'password' && message) return failed('invalid', message, { password: message });
  if (res.status === 403 && message) return failed('refused', message);
  return failed('unexpected', RIGHTS_TEXTS.deleteFailed);
}
