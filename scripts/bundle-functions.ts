// `npm run functions:bundle`: what the Edge Functions take from the repository, checked and written
// into the functions' folder, since a deployed function has no repository to read. Today that is
// the brand of the notification emails (content/site.json: name, contact details, and the staff
// who are told of every lead), checked with the site's own schema, so a typo stops here with the
// field it is in, never a batch of claimed emails. Run before `supabase functions deploy`
// (docs/deploy.md); `npm run check`, `npm start` and the tests run it before a backend starts (the
// backend serves the functions as they are on disk, as the CLI does), and `npm run deploy:check`
// checks the written file is the one content/site.json gives (staleBrandModule). The file is
// git-ignored: it is made from content/site.json, never edited, so functions deploy with the CLI
// from a checkout that ran this, never from the repository alone (Supabase's GitHub integration).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsSchema } from '../src/lib/content/schemas.ts';
import { BRAND_MODULE as BRAND_MODULE_PATH } from '../supabase/local/functions/runtime.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The module send-notifications imports its brand from, relative to the repository. */
export const BRAND_MODULE = relative(ROOT, BRAND_MODULE_PATH).split('\\').join('/');

/** The brand module content/site.json gives: its path and text; throws, naming the file and each bad field. */
export function brandModule(root = ROOT): { target: string; module: string } {
  const source = join(root, 'content', 'site.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(source, 'utf8'));
  } catch (error) {
    throw new Error(`${relative(root, source)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = settingsSchema.safeParse({ ...(raw as object), id: 'site' });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${relative(root, source)} cannot be bundled into the functions:\n${fields.join('\n')}`);
  }
  const { name, contact, notifications } = parsed.data;
  const brand = { name, contact, staff: notifications.staff };
  const module =
    `// Written by \`npm run functions:bundle\` from content/site.json (checked with the site's schema).\n` +
    `// Do not edit: change content/site.json and deploy send-notifications again.\n` +
    `export const BUNDLED_BRAND = ${JSON.stringify(brand, null, 2)} as const;\n`;
  return { target: join(root, BRAND_MODULE), module };
}

/** Checks content/site.json and writes the brand module; throws, naming the file and each bad field. */
export function bundleFunctions(root = ROOT): { written: string } {
  const { target, module } = brandModule(root);
  // Backends starting side by side (test files) bundle at once while Deno may be reading the
  // module: it is replaced whole, by a rename, and only when it changes.
  if (!existsSync(target) || readFileSync(target, 'utf8') !== module) {
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, module);
    renameSync(partial, target);
  }
  return { written: relative(root, target) };
}

/**
 * Why the brand module on disk is not the one content/site.json gives (missing, or written from an
 * older content/site.json), or null when it is. The Supabase CLI uploads the file as it finds it.
 */
export function staleBrandModule(root = ROOT): string | null {
  const { target, module } = brandModule(root);
  if (!existsSync(target)) return `${BRAND_MODULE} does not exist: run npm run functions:bundle`;
  if (readFileSync(target, 'utf8') !== module) return `${BRAND_MODULE} differs from what content/site.json gives: run npm run functions:bundle`;
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { written } = bundleFunctions();
    console.log(`Bundled content/site.json into ${written}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
