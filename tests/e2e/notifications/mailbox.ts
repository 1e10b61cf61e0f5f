// Notifications as the browser tests read them: the notification function's emails in the e2e backend's outbox,
// waited for by recipient and subject, and the lines of an attached calendar file.
import type { MailMessage } from '../../../supabase/local/mail/mailbox.ts';
import { mailTo } from '../support/backend.ts';
import { loadSettings } from '../../content/content-files.ts';

/** The first staff address of content/site.json: lead notifications go to each, one message each. */
export const STAFF = loadSettings().notifications.staff[0]!;

/** Waits (up to timeoutMs) for the newest notification to `to` whose subject matches (and text mentions `mentioning`). */
export async function waitForNotification(to: string, subject: RegExp, options: { mentioning?: string; timeoutMs?: number } = {}): Promise<MailMessage> {
  const { mentioning, timeoutMs = 20_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A shared inbox (the staff's) holds other tests' emails with the same subject: `mentioning`
    // picks the one about this test's own row.
    const found = (await mailTo(to)).filter(
      (m) => m.type === 'notification' && subject.test(m.subject) && (mentioning === undefined || m.text.includes(mentioning)),
    );
    if (found.length > 0) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no notification to ${to} matching ${subject}${mentioning ? ` about ${mentioning}` : ''} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The content lines of an iCalendar file, folded lines joined back (RFC 5545 section 3.1). */
export function icsLines(ics: string): string[] {
  return ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/).filter(Boolean);
}
