// Who one notification goes to, checked the way the mail library will read it. The database's
// domain already refuses lists and display names (common/email-address.ts), but the sender is
// the last place a second mailbox could be added (a row stored before the rule, a staff address
// edited in content/site.json), so it asks nodemailer's own address parser, the code that turns
// `to` into SMTP recipients, and sends only when that finds exactly the one mailbox it was given.
import addressparser from 'npm:nodemailer@^10.6.1/lib/addressparser';
import { isEmailAddress } from '../../../common/email-address.ts';

/** A recipient the sender will not mail: the row fails at once with this message, no retries. */
export class RefusedRecipient extends Error {}

/**
 * `value` when the mail library reads it as exactly one mailbox and it follows the site's rule;
 * otherwise throws RefusedRecipient saying why (a list, a display name or group, or not an address).
 */
export function oneMailbox(value: string): string {
  const parsed = addressparser(value);
  const [first] = parsed;
  if (parsed.length !== 1 || !first) throw new RefusedRecipient(`Not sent: "${value}" is ${parsed.length > 1 ? `a list of ${parsed.length} addresses` : 'no address'}, not one mailbox.`);
  if (first.group || first.name !== '' || first.address !== value) throw new RefusedRecipient(`Not sent: "${value}" is not one plain mailbox (the mail library reads a name, a group or a comment in it).`);
  if (!isEmailAddress(value)) throw new RefusedRecipient(`Not sent: "${value}" is not an email address under the site's rule.`);
  return value;
}
