// What `supabase functions deploy` takes of a function: the Supabase CLI walks the function's
// imports from its index.ts (pkg/function/deno.go, WalkImportPaths) and uploads, or mounts into
// its bundler, every file a relative import names, wherever it is under the directory the CLI runs
// in (the project's root): files of common/ go with the function as files of supabase/functions
// do. A package is named bare (`zod`, `nodemailer/lib/addressparser`) and resolved through the
// function's own deno.json, its import map on deploy; locally Deno resolves the same names from the
// project's node_modules. So each function's deno.json must map every package its files import,
// each at the range package.json installs, or the deployed function would fail to resolve one, or
// run other versions than the tests ran. `npm run deploy:check` and tests/unit/function-imports.test.ts
// hold every function to this.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The CLI's pattern for a function's imports (pkg/function/deno.go): import and export statements
// and dynamic imports. Only relative paths with an extension are followed, as the CLI does.
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:\{[^{}]+\}|.*?)\s*(?:from)?\s*['"](.*?)['"]|import\(\s*['"](.*?)['"]\)/gi;
// The CLI's pattern is loose (it also meets words in comments); packages are read from the statements alone.
const STATEMENT = /^(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]/gm;

/** Every file a function's entry point reaches through relative imports, and every package named on the way. */
export function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!existsSync(file)) throw new Error(`${file} is imported but does not exist (run npm run functions:bundle?)`);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = (match[1] || match[2] || '').trim();
      if (/^\.\.?\//.test(specifier) && /\.[a-z]+$/i.test(specifier)) queue.push(resolve(dirname(file), specifier));
    }
    for (const [, specifier] of text.matchAll(STATEMENT)) {
      if (!/^(\.\.?\/|node:|data:)/.test(specifier!)) packages.add(specifier!);
    }
  }
  return { files: [...files].sort(), packages };
}

/** The package a bare specifier names: `nodemailer/lib/addressparser` → nodemailer, `@supabase/supabase-js` → itself. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The `imports` of a function's deno.json, or {} when it has none. */
export function denoImports(functionDir: string): Record<string, string> {
  const file = join(functionDir, 'deno.json');
  return existsSync(file) ? ((JSON.parse(readFileSync(file, 'utf8')) as { imports?: Record<string, string> }).imports ?? {}) : {};
}

/** The package and range of an `npm:` target, e.g. npm:react-dom@^19.3.1 → react-dom, ^19.3.1. */
export function npmTarget(target: string): { name: string; range: string } | undefined {
  const match = /^npm:((?:@[^/@]+\/)?[^/@]+)@([^/]+)\/?$/.exec(target);
  return match ? { name: match[1]!, range: match[2]! } : undefined;
}

/**
 * What is wrong with a function's imports for a deploy, one line each (none when it deploys as
 * tested): a file outside the project or in the site (src/) or the embedded backend
 * (supabase/local/), a package its deno.json does not map, a mapping that is not `npm:` at
 * package.json's range, or one no file uses. Also answers the files and packages, for a report.
 */
export function functionImportProblems(
  root: string,
  functionDir: string,
  installed: Record<string, string>,
): { problems: string[]; files: string[]; packages: string[] } {
  const { files, packages } = importGraph(join(functionDir, 'index.ts'));
  const imports = denoImports(functionDir);
  const name = relative(root, functionDir);
  const problems: string[] = [];
  for (const file of files.map((f) => relative(root, f))) {
    if (file.startsWith('..')) problems.push(`${file} is outside the project: the CLI cannot upload it`);
    else if (file.startsWith('src/') || file.startsWith('supabase/local/')) problems.push(`${file} belongs to ${file.startsWith('src/') ? 'the site' : 'the embedded backend'}: share it through common/`);
  }
  const used = new Set([...packages].map(packageName));
  for (const pkg of [...used].sort()) {
    if (!imports[pkg]) problems.push(`${pkg} is imported but not mapped in ${name}/deno.json`);
  }
  for (const [key, target] of Object.entries(imports)) {
    const npm = npmTarget(target);
    if (!npm || npm.name !== key) problems.push(`${name}/deno.json maps ${key} to ${target}: map a package to npm:${key}@<package.json's range>`);
    else if (installed[key] !== npm.range) problems.push(`${name}/deno.json asks for ${key}@${npm.range}, where package.json has ${installed[key] ?? 'nothing'}`);
    if (!used.has(key)) problems.push(`${name}/deno.json maps ${key}, which none of its files imports`);
  }
  return { problems, files, packages: [...used].sort() };
}
