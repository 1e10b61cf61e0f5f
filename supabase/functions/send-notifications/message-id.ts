// The Message-ID of each email a notification sends.
import { createHash } from 'node:crypto';

/**
 * The Message-ID of a notification's email: the same on every attempt, so a resend after a crash
 * can be recognised. A staff notification is one message per staff address, each with its own id
 * made from the address (not its place in the list, which an edit of content/site.json can change).
 */
export function messageId(notificationId: string, staffAddress?: string): string {
  if (staffAddress === undefined) return `<${notificationId}@bridgewayvisa.com>`;
  const tag = createHash('sha256').update(staffAddress.toLowerCase()).digest('hex').slice(0, 12);
  return `<${notificationId}.${tag}@bridgewayvisa.com>`;
}
