// What the site's responses say to the browser: a Content-Security-Policy for each page (the
// content editor's pages under /cms/ their own), the
// other security headers, and how long each kind of file may be cached. The values come from the
// build (the inline scripts' hashes, the Supabase project, the notification services configured)
// and are written into `_headers` by ./index.ts.
import type { CaptchaProvider } from '../../lib/captcha.ts';
import type { PageScripts } from './built-pages.ts';
import { ruleMatches, type HeaderRule } from './headers-file.ts';

/** What the policy depends on, all known when the build ends. */
export interface PolicyInputs {
  /** Origins the browser calls besides the site: the Supabase project and any notification service. */
  connectOrigins: string[];
  /** Origins images are shown from besides the site: the Supabase project (signed URLs of documents). */
  imageOrigins: string[];
  /** The CAPTCHA provider of the account forms (login, signup, reset) and the booking form, when one is configured. */
  captcha?: CaptchaProvider | undefined;
  /** Whether the site is served over https (production): only then is HSTS sent. */
  https: boolean;
  /**
   * The content editor's local server (decap-server on the editor's machine), allowed on /cms/:
   * Decap calls it only when the page itself is on localhost.
   */
  cmsLocalBackendUrl?: string | undefined;
  /**
   * Path patterns of the HTML pages (`/`, `/about`, `/visa/*`), which revalidate on every visit,
   * each with the `sha256-…` sources of the inline scripts served under it.
   */
  pages: PageScripts[];
}

/** HTML and the testimonials' JSON change with each deploy, under the same address: always revalidate. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Astro's fingerprinted assets: a changed file gets a new name, so it can be kept for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Flags and videos keep their names across deploys but almost never change: a day fresh, then a
 * week served from cache while it revalidates, so a changed file reaches everyone within a day.
 */
const STABLE = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * Browser features the site never uses, denied to it and to anything it could embed. Chromium
 * logs an error for a feature name it does not know, so only names it recognises are listed
 * (`interest-cohort` is gone; `browsing-topics` replaced it). Fullscreen and picture-in-picture
 * stay allowed: the testimony videos' controls offer them.
 */
const DENIED_FEATURES = [
  'accelerometer', 'browsing-topics', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'hid',
  'magnetometer', 'microphone', 'midi', 'payment', 'serial', 'usb', 'xr-spatial-tracking',
];

/**
 * What each CAPTCHA provider's widget needs (src/lib/captcha.ts loads its script, which runs
 * the challenge in a frame), as the providers document it: allowed only when it is configured.
 */
const CAPTCHA_SOURCES: Record<CaptchaProvider, string[]> = {
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  turnstile: ['https://challenges.cloudflare.com'],
};

/** The Content-Security-Policy of a page whose inline scripts have these `sha256-…` sources. */
export function contentSecurityPolicy({
  scriptHashes,
  connectOrigins,
  imageOrigins,
  captcha,
}: Pick<PageScripts, 'scriptHashes'> & Pick<PolicyInputs, 'connectOrigins' | 'imageOrigins' | 'captcha'>): string {
  const captchaSources = captcha ? CAPTCHA_SOURCES[captcha] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Scripts: the site's own files, and its inline scripts by hash only (no 'unsafe-inline').
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...captchaSources],
    // Styles may be inline: the CSS is inlined into each page (a <style> per page, so a hash per
    // page) and components set custom properties in style="" attributes, which a hash can allow
    // only with 'unsafe-hashes'. Injected CSS cannot run script; the policy's weight is on scripts.
    'style-src': ["'self'", "'unsafe-inline'", ...captchaSources],
    // The favicon is a data: URL (src/lib/pictures/brand-mark.ts); the preview of a document chosen for
    // upload is a blob: URL of the visitor's own file (src/islands/documents/FilePreview.tsx); the
    // admin's preview of a stored document is a signed URL of the Supabase project.
    'img-src': ["'self'", 'data:', 'blob:', ...new Set(imageOrigins)],
    'media-src': ["'self'"],
    'connect-src': ["'self'", ...new Set(connectOrigins), ...captchaSources],
    'frame-src': captchaSources.length > 0 ? captchaSources : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The pages an emailed link with a secret token lands on (a booking's link, the newsletter's
 * confirmation and unsubscribe pages). The token travels in the fragment, which no request
 * carries, and the page clears it from the address (src/lib/link-token.ts); for a link of an
 * older email, which still brings it in `?token=`, these pages send no Referer at all, so no
 * request the page makes (its scripts, its styles, the API) repeats the address.
 */
export const TOKEN_LINK_PAGES = ['/appointment', '/unsubscribe', '/newsletter/confirm'];

/**
 * The Referrer-Policy of a page rule: none on the token-link pages, the browsers' default, named,
 * elsewhere. It is a page rule's header, not the `/*` rule's: two matching rules naming it would be
 * joined into one value, and a host's order would decide which policy applies.
 */
function referrerPolicy(pattern: string): string {
  return TOKEN_LINK_PAGES.some((page) => ruleMatches(pattern, page)) ? 'no-referrer' : 'strict-origin-when-cross-origin';
}

/** The folder of the content editor (src/integrations/cms.ts): its pages get cmsContentSecurityPolicy's policy. */
const CMS_PATTERN = /^\/cms(\/\*)?$/;

/**
 * The policy of the content editor's pages (/cms/, Decap CMS, and the sign-in pages beside it)
 * which differ from the site's: Decap's bundle validates its configuration with Ajv, which
 * compiles the schemas with `new Function` ('unsafe-eval'); it calls GitHub's API and shows the
 * editors' avatars from GitHub; it keeps unsaved pictures as blob: URLs (shown, and read back when saving) and previews the entry in a frame
 * of its own page. It may also call decap-server on the editor's machine (`npm start`).
 */
export function cmsContentSecurityPolicy({
  scriptHashes,
  connectOrigins,
  imageOrigins,
  cmsLocalBackendUrl,
}: Pick<PageScripts, 'scriptHashes'> & Pick<PolicyInputs, 'connectOrigins' | 'imageOrigins' | 'cmsLocalBackendUrl'>): string {
  const local = cmsLocalBackendUrl ? [new URL(cmsLocalBackendUrl).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-eval'", ...scriptHashes.map((hash) => `'${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com', ...new Set(imageOrigins)],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", 'blob:', 'https://api.github.com', ...new Set(connectOrigins), ...local],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Every rule of the site's `_headers`. Two rules that match one path name the same header only
 * where a folder's page and the folder itself (`/visa` and `/visa/*`) carry the same policy, so
 * the joined value a host sends repeats one policy.
 *
 * Each page rule carries its page's policy, which lists only the hashes of that page's inline
 * scripts (a folder's, those of its pages): the policy is in every page's first response, and the
 * whole site's hashes (some 700 bytes) pushed pages near the first TCP round trip over it. The
 * `/*` rule therefore has no policy: hosts join the values of every matching rule, and two
 * policies are both enforced, so a page's scripts would have to be in both. Responses that match
 * no page rule carry none: assets (a policy governs only documents) and the 404 page at an
 * unknown address outside the folders, which no rule can target since any address may be one. That
 * page shows nothing it is sent (its script only picks one of its fixed messages by the address)
 * and X-Frame-Options still forbids framing it; under a folder it gets the folder's policy, which
 * allows its script (./built-pages.ts).
 */
export function headerRules(inputs: PolicyInputs): HeaderRule[] {
  const security: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    // frame-ancestors replaces it in current browsers; older ones only know this header.
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
  };
  // A year of https only, for this host alone: subdomains the consultancy may run elsewhere are
  // not bound by the site's build.
  if (inputs.https) security['Strict-Transport-Security'] = 'max-age=31536000';
  return [
    { path: '/*', headers: security },
    { path: '/_astro/*', headers: { 'Cache-Control': IMMUTABLE } },
    { path: '/flags/*', headers: { 'Cache-Control': STABLE } },
    { path: '/videos/*', headers: { 'Cache-Control': STABLE } },
    { path: '/data/*', headers: { 'Cache-Control': REVALIDATE } },
    ...inputs.pages.map(({ path, scriptHashes }) => ({
      path,
      headers: {
        'Content-Security-Policy': CMS_PATTERN.test(path) ? cmsContentSecurityPolicy({ ...inputs, scriptHashes }) : contentSecurityPolicy({ ...inputs, scriptHashes }),
        'Referrer-Policy': referrerPolicy(path),
        'Cache-Control': REVALIDATE,
      },
    })),
  ];
}
