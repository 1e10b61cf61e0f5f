// Each Edge Function deploys as it is tested (scripts/deploy-checks/function-imports.ts): the
// Supabase CLI uploads every file the function imports, which are the function's own, _shared's
// and common/'s, never the site's or the embedded backend's; and its deno.json maps each package
// its files import at the range package.json installs.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../common/env.ts';
import { functionImportProblems, importGraph, packageName } from '../../scripts/deploy-checks/function-imports.ts';
import { functionNames, FUNCTIONS_DIR } from '../../supabase/local/functions/runtime.ts';

const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const installed = { ...pkg.dependencies, ...pkg.devDependencies };

describe.each(functionNames())('%s', (name) => {
  const dir = join(FUNCTIONS_DIR, name);

  it('imports files of supabase/functions and common/ only, and maps each package in its deno.json', () => {
    const { problems, files } = functionImportProblems(PROJECT_ROOT, dir, installed);
    expect(problems).toEqual([]);
    for (const file of files.map((f) => relative(PROJECT_ROOT, f))) expect(file).toMatch(/^(supabase\/functions|common)\//);
  });
});

describe('functionImportProblems', () => {
  it('names a package the deno.json lacks, a range that is not package.json', () => {
    const dir = join(FUNCTIONS_DIR, 'send-notifications');
    const { problems } = functionImportProblems(PROJECT_ROOT, dir, { ...installed, zod: '^3.0.0' });
    expect(problems).toContain('supabase/functions/send-notifications/deno.json asks for zod@^4.6.7, where package.json has ^3.0.0');
  });

  it("reads a package's name from a subpath, and follows only relative imports", () => {
    expect(packageName('nodemailer/lib/addressparser')).toBe('nodemailer');
    expect(packageName('@supabase/supabase-js')).toBe('@supabase/supabase-js');
    const { packages } = importGraph(join(FUNCTIONS_DIR, 'send-notifications', 'recipients.ts'));
    expect([...packages]).toContain('nodemailer/lib/addressparser');
  });
});
