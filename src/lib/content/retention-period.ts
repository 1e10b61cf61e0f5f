// How a retention period reads in the privacy notice's table ("180 days", "1 year"): the number and
// unit of content/privacy/retention.json, which the database's rules hold too.
import type { RetentionRule } from './schemas.ts';

/** "180 days", "2 years", "1 month": the unit singular for one. */
export function retentionPeriodText(rule: Pick<RetentionRule, 'period' | 'unit'>): string {
  return `${rule.period} ${rule.period === 1 ? rule.unit.replace(/s$/, '') : rule.unit}`;
}
