// Sends one notification and never lets it matter to the visitor: the caller does not wait for
// it, it gives up after a timeout, and a failure is only logged (a warning, not an error: the
// submission itself was stored).
import type { EmailServiceSettings, FormServiceSettings } from './settings.ts';

/** The email service's client version field, as its browser SDK sends it. */
export const EMAIL_LIB_VERSION = '4.4.1';
/** How long a notification may take before it is abandoned. */
const NOTIFY_TIMEOUT_MS = 8000;

interface SendOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

async function post(url: string, body: unknown, { fetch: doFetch = fetch, timeoutMs = NOTIFY_TIMEOUT_MS }: SendOptions) {
  return doFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** Runs a send, turning a failure or a false answer into a console warning; resolves to the verdict. */
async function quietly(what: string, send: () => Promise<boolean>): Promise<boolean> {
  try {
    if (await send()) return true;
    console.warn(`Notification (${what}) was not accepted.`);
  } catch (error) {
    console.warn(`Notification (${what}) failed:`, error instanceof Error ? error.message : error);
  }
  return false;
}

/** Sends through the email service: success is HTTP 200 or the text 'OK'. */
export function sendEmail(
  settings: EmailServiceSettings,
  templateId: string,
  params: Record<string, unknown>,
  options: SendOptions = {},
): Promise<boolean> {
  return quietly(`email ${templateId}`, async () => {
    const res = await post(
      `${settings.url}/api/v1.0/email/send`,
      {
        lib_version: EMAIL_LIB_VERSION,
        user_id: settings.userId,
        service_id: settings.serviceId,
        template_id: templateId,
        template_params: params,
      },
      options,
    );
    return res.status === 200 || (await res.text()).trim() === 'OK';
  });
}

/** Sends through the form-submission service: the fields plus the access key; reads `success`. */
export function sendForm(settings: FormServiceSettings, fields: Record<string, unknown>, options: SendOptions = {}): Promise<boolean> {
  return quietly('form service', async () => {
    const res = await post(settings.url, { ...fields, access_key: settings.accessKey }, options);
    const answer = (await res.json()) as { success?: unknown };
    return answer.success === true;
  });
}
