// Where the privacy notice is, and the line every email ends with that links to it: the one
// wording of that line. The notification emails render it (send-notifications/emails/layout.ts);
// the auth emails (supabase/templates/*.html) are plain HTML that hosted Auth fills in, so they
// carry the same words, held equal by supabase/functions/tests/email-footer.test.ts.

/** The privacy notice's address on the site. */
export const PRIVACY_NOTICE_PATH = '/privacy';

/** The email footer's line: the words before the link, and the link's own words. */
export const EMAIL_PRIVACY_LINE = {
  before: 'How we use and keep your personal data, and your rights:',
  link: 'our privacy notice',
} as const;

/** The notice's full address on a site (its origin, with or without a closing slash). */
export function privacyNoticeUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${PRIVACY_NOTICE_PATH}`;
}
