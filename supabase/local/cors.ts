// CORS for the site's origins. supabase-js preflights every browser call, and without
// `Access-Control-Expose-Headers: content-range` a browser hides the total of `count: 'exact'`
// (README.md, "The gateway and CORS").
import type { IncomingMessage } from 'node:http';

const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'prefer',
  'accept-profile',
  'content-profile',
  'range',
  'accept',
  // storage-js's upload headers.
  'x-upsert',
  'cache-control',
  'x-metadata',
  'content-encoding',
].join(', ');
const EXPOSED_HEADERS = 'content-range, content-profile, x-supabase-api-version, x-sb-error-code, range';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** Headers to add to an answer for this request's Origin, or null when the origin is not allowed. */
export function corsHeaders(req: IncomingMessage, allowedOrigins: readonly string[]): Record<string, string> | null {
  const origin = req.headers.origin;
  if (!origin) return {};
  if (!allowedOrigins.includes(origin)) return null;
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': EXPOSED_HEADERS,
    vary: 'Origin',
  };
}

/** Extra headers of a successful preflight answer. */
export function preflightHeaders(): Record<string, string> {
  return {
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-max-age': '600',
  };
}
