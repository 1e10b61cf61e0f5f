// Rows made for one test (or one benchmark run) under a unique tag, so that runs sharing a backend
// never see each other's rows. Plain TypeScript with no page object in it, so that the benchmark
// (run by Node, which strips types but compiles nothing) can import it too.
import type { TablesInsert } from '../../../common/database.types.ts';

/** A unique tag for one test's rows: lower-case letters, so it is also a search prefix. */
export function uniqueTag(label: string): string {
  return `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(/[^a-z]/g, (d) => 'abcdefghij'[Number(d)] ?? 'x');
}

/** `count` valid visa applications named `${tag} 001` …, one second apart with the newest last. */
export function applicationRows(
  tag: string,
  count: number,
  overrides: (i: number) => Partial<TablesInsert<'visa_applications'>> = () => ({}),
): TablesInsert<'visa_applications'>[] {
  return Array.from({ length: count }, (_, i) => ({
    visa_type: 'Tourist Visa',
    name: `${tag} ${String(i + 1).padStart(3, '0')}`,
    email: `${tag}.${i + 1}@example.com`,
    phone: '+234 800 000 0000',
    dob: '1990-01-01',
    nationality: 'Nigerian',
    passport_number: `P${tag.slice(0, 6).toUpperCase()}${i + 1}`,
    marital_status: 'Single',
    address: '1 Test Street, Lagos',
    // One second apart, newest last, so "newest first" has a known order.
    submitted_at: new Date(Date.now() - (count - i) * 1000).toISOString(),
    ...overrides(i),
  }));
}
