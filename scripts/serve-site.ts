// `npm run preview`, and the site server of `npm start` and the browser tests: the build's folder
// (ASTRO_OUT_DIR) served with the headers of its `_headers` (scripts/static-host.ts says how).
// `astro preview` cannot send headers per path. Usage: node scripts/serve-site.ts [--port N]
// (default SITE_PORT) [--host H] (default 127.0.0.1).
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readSiteEnv } from '../src/lib/site-env.ts';
import { loadConfig } from '../supabase/local/config.ts';
import { exitOnConfigError, loadProjectEnv } from '../common/env.ts';
import { createSiteServer, readHeaderRules } from './static-host.ts';

loadProjectEnv();
const siteEnv = exitOnConfigError(() => readSiteEnv(process.env));
const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' } } });
const port = values.port ? Number(values.port) : exitOnConfigError(() => loadConfig()).sitePort;
const root = resolve(siteEnv.ASTRO_OUT_DIR);
const rules = await readHeaderRules(root);
if (!rules) {
  console.error(`No ${join(root, '_headers')}: build the site first (npm run build).`);
  process.exit(1);
}

createSiteServer(root, rules).listen(port, values.host, () => {
  console.log(`The site in ${root}: http://${values.host}:${port}`);
});
