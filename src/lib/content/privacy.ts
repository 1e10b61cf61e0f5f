// The privacy notice (content/privacy/notice.mdx) and its retention periods
// (content/privacy/retention.json) as /privacy shows them, and the notice's version, which the
// newsletter form records with a sign-up (it reaches the form at build time, from here only).
import { getCollection, getEntry } from 'astro:content';
import { formatConsultancyDate } from '../../../common/consultancy-time.ts';
import { PRIVACY_NOTICE_PATH } from '../../../common/privacy-notice.ts';
import { byPosition } from './order.ts';
import { retentionPeriodText } from './retention-period.ts';
import type { PrivacyNotice, RetentionRule } from './schemas.ts';

export { PRIVACY_NOTICE_PATH };

/** The notice's one entry: its file under content/privacy/. */
const NOTICE_ID = 'notice';

/** The notice's entry (for its body) and its data, with the day it took effect in words. */
export type PrivacyNoticeView = Awaited<ReturnType<typeof getPrivacyNotice>>;

/** Loads the notice; a missing file fails the build with a clear message. */
export async function getPrivacyNotice() {
  const entry = await getEntry('privacy', NOTICE_ID);
  if (!entry) throw new Error(`content/privacy/${NOTICE_ID}.mdx must hold the privacy notice.`);
  const data: PrivacyNotice = entry.data;
  return { entry, ...data, effectiveText: formatConsultancyDate(data.effective, 'long') };
}

/** The version a newsletter sign-up records: the notice's own, as this build publishes it. */
export async function getPrivacyNoticeVersion(): Promise<string> {
  return (await getPrivacyNotice()).version;
}

/** A retention rule with its period in words. */
export interface RetentionRow extends RetentionRule {
  periodText: string;
}

/** The retention periods in the file's order. */
export async function getRetentionRules(): Promise<RetentionRow[]> {
  return (await getCollection('retention'))
    .map(({ data }) => data)
    .sort(byPosition)
    .map((rule) => ({ ...rule, periodText: retentionPeriodText(rule) }));
}
