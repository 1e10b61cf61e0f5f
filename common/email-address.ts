// The one rule for an email address, shared by the forms (src/lib/forms/fields.ts), the content
// schema (staff addresses in content/site.json), the sender of notifications and, as the same
// pattern text, the database's domain public.email_address (tests/db/email-address.test.ts
// compares the two and runs both over the same addresses).
//
// An address is one mailbox in the form RFC 5321 calls a Dot-string: atoms of atext joined by
// single dots, an @, then a domain of two or more labels. Everything a mail library reads as more
// than one address, or as a display name, is refused: the specials of RFC 5322 ( ) < > [ ] : ; @
// \ , . " (a dot only between atoms), white space and control characters. So a quoted local part
// ("a,b"@x.example), an address literal (a@[1.2.3.4]) and a comment are refused too. Characters
// beyond ASCII are kept (RFC 6531: internationalised addresses), in the local part and the domain.
//
// The pattern is written so that JavaScript and PostgreSQL read it the same way: classes of
// excluded characters given as \uXXXX escapes (never \s, whose meaning beyond ASCII depends on
// PostgreSQL's locale) and a non-capturing group. A character beyond U+FFFF is two UTF-16 units in
// JavaScript and one character in PostgreSQL; neither is excluded, so both accept it.

/** Control characters, space, and the Unicode spaces JavaScript's \s knows. */
const WHITE_AND_CONTROL = String.raw`\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
/** One character of an atom: anything but white space, controls and RFC 5322's specials ([ \ ] as escapes). */
const ATEXT = String.raw`[^${WHITE_AND_CONTROL}()<>:;@,."\u005b\u005c\u005d]`;
/** One character of a domain label: an ASCII letter, digit or hyphen, or any non-ASCII letter (IDN). */
const LABEL = String.raw`[^${WHITE_AND_CONTROL}\u0021-\u002c\u002e\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007e]`;

/** The pattern of one address; the text of public.email_address's CHECK email_address_format is exactly its source. */
export const EMAIL_PATTERN = new RegExp(String.raw`^${ATEXT}+(?:\.${ATEXT}+)*@${LABEL}+(?:\.${LABEL}+)+$`);

/** The longest email address any column (and the auth service) accepts: RFC 5321's longest path. */
export const EMAIL_MAX_LENGTH = 254;

/** True when `value` is exactly one address under the rule (no trimming: callers trim first). */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
