// The benchmarks serve each build as production would, with the site server of `npm start`
// (scripts/static-host.ts): the headers of its `_headers`, 404.html for unknown paths, gzip. So
// Lighthouse measures what production sends, not a development server.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HeaderRule } from '../../../src/integrations/security-headers/headers-file.ts';
import { IMMUTABLE } from '../../../src/integrations/security-headers/policy.ts';
import { createSiteServer, readHeaderRules } from '../../../scripts/static-host.ts';

export { resolveFile } from '../../../scripts/static-host.ts';

/** A baseline built before the build wrote `_headers` keeps the caching it was measured with. */
const BASELINE_RULES: HeaderRule[] = [{ path: '/_astro/*', headers: { 'Cache-Control': IMMUTABLE } }];

/** Starts the server on a free port of 127.0.0.1 and resolves with its origin. */
export async function serveStatic(root: string): Promise<{ origin: string; server: Server }> {
  const server = createSiteServer(root, (await readHeaderRules(root)) ?? BASELINE_RULES);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ origin: `http://127.0.0.1:${port}`, server });
    });
  });
}
