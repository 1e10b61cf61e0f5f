// The brand the emails show: the name and contact details the site's last build published
// (/data/brand.json, src/lib/content/published-brand.ts), so an edit of content/site.json reaches
// the emails with the next build of the site, without deploying this function again. Read at most
// once per BRAND_TTL_MS per function instance, from the site the function is set up for
// (SITE_URL); when the site cannot be reached or answers anything but a valid brand, the copy
// bundled at deploy (brand.generated.ts) is used and the reason logged. Only the name and contact details come from the site: the staff who
// are told of every lead, and the colours, are always the bundled ones (the site never publishes
// the staff inboxes, so changing them still needs a deploy: docs/deploy.md).
import * as z from 'zod';
import { isEmailAddress } from '../../../../common/email-address.ts';
import { BRAND, type Brand } from './brand.ts';

/** Where the site publishes the brand (the same path as src/lib/content/published-brand.ts). */
export const PUBLISHED_BRAND_PATH = '/data/brand.json';

/** How long a brand read from the site is used before it is read again: an edit shows in emails within this after the site's deploy. */
export const BRAND_TTL_MS = 5 * 60_000;

/** After a failed read, the bundled brand is used this long before the site is asked again. */
export const BRAND_RETRY_MS = 60_000;

/** The most the read may take; a slow site costs a batch this once, then the fallback for BRAND_RETRY_MS. */
const FETCH_TIMEOUT_MS = 2_000;

/** A brand file is a few hundred bytes; anything much larger is not one. */
const MAX_BYTES = 16_384;

/** One line of text an email may show, in a subject too: no control characters (a line break would start a new header). */
const line = (max: number) => z.string().trim().min(2).max(max).regex(/^[^\p{Cc}]+$/u, { error: 'one line of text' });

const publishedSchema = z.object({
  name: line(100),
  contact: z.object({
    phone: line(40),
    whatsapp: line(40),
    email: z.string().refine(isEmailAddress, { error: 'one email address' }),
    address: line(300),
  }),
});

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

let cached: { brand: Brand; until: number; siteUrl: string } | null = null;

/** Forgets the cached brand (tests). */
export function forgetBrand(): void {
  cached = null;
}

/** The brand for emails now: the site's published one, cached, or the bundled one (see above). */
export async function currentBrand(siteUrl: string, fetcher: Fetch = fetch, now = Date.now()): Promise<Brand> {
  if (cached && cached.siteUrl === siteUrl && now < cached.until) return cached.brand;
  const read = await readPublished(siteUrl, fetcher);
  if (typeof read === 'string') {
    console.error(`[send-notifications] ${siteUrl}${PUBLISHED_BRAND_PATH}: ${read}; the emails use the brand bundled at deploy.`);
    cached = { brand: BRAND, until: now + BRAND_RETRY_MS, siteUrl };
  } else {
    cached = { brand: { ...BRAND, name: read.name, contact: read.contact }, until: now + BRAND_TTL_MS, siteUrl };
  }
  return cached.brand;
}

/** The site's published brand, or why it cannot be used. */
async function readPublished(siteUrl: string, fetcher: Fetch): Promise<z.output<typeof publishedSchema> | string> {
  let text: string;
  try {
    const res = await fetcher(`${siteUrl}${PUBLISHED_BRAND_PATH}`, { headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) return `answered ${res.status}`;
    if (Number(res.headers.get('content-length') ?? 0) > MAX_BYTES) return `is ${res.headers.get('content-length')} bytes, not a brand`;
    text = await res.text();
  } catch (error) {
    return `could not be read (${error instanceof Error ? error.message : String(error)})`;
  }
  if (text.length > MAX_BYTES) return `is ${text.length} characters, not a brand`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'is not JSON';
  }
  const parsed = publishedSchema.safeParse(value);
  if (!parsed.success) return `is not a brand (${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`).join('; ')})`;
  return parsed.data;
}
