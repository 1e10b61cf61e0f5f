// What an applicant is told about the removal of a decided application's documents (the retention
// rule `documents`, supabase/migrations/20261129000200_retention.sql): the email of the decision
// and the application's card on /profile say the same sentences, with the day in Lagos, and both
// point to the download of the applicant's data on /profile, offered before that day.
import { formatConsultancyDay } from './consultancy-time.ts';

/** Where the applicant downloads their data: the section of /profile that offers it. */
export const DATA_DOWNLOAD_ANCHOR = 'account-rights-title';

/** The words of the link to that download. */
export const DATA_DOWNLOAD_LABEL = 'Download your data';

/** Before the removal: the day the documents go, and the download before it. */
export function documentsRemovalText(removesAt: Date | string): string {
  return `We keep the documents of this application until ${formatConsultancyDay(removesAt)}, then remove them, as our privacy notice says. Download a copy from your profile before then.`;
}

/** After the removal: the day they went. */
export function documentsRemovedText(removedAt: Date | string): string {
  return `The documents of this application were removed on ${formatConsultancyDay(removedAt)}, as our privacy notice says.`;
}
