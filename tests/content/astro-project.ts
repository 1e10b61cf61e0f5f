// Runs Astro on a copy of the content: a temporary project root with a copy of this project's src/
// (a linked one breaks Vite's build, which resolves the link and then misses its compiled modules)
// that links to its node_modules/, public/ and supabase/ (whose environment schema the config
// uses), so Astro's generated .astro/ folder and its output never touch the working tree, and
// CONTENT_DIR points at the copy.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_ROOT, PROJECT_ROOT } from './content-files.ts';

export interface AstroProject {
  /** A fresh copy of content/ for one run. */
  copyContent(): string;
  /** Runs `astro <command>` on a content folder; `outDir` is where a build writes. */
  run(command: 'sync' | 'build', content: string, env?: Record<string, string>): { status: number | null; output: string; outDir: string };
  remove(): void;
}

export function createAstroProject(prefix: string): AstroProject {
  const workspace = mkdtempSync(join(tmpdir(), prefix));
  const project = join(workspace, 'project');
  for (const file of ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src']) cpSync(join(PROJECT_ROOT, file), join(project, file), { recursive: true });
  for (const folder of ['common', 'supabase', 'node_modules', 'public']) symlinkSync(join(PROJECT_ROOT, folder), join(project, folder));
  return {
    copyContent: () => {
      const content = mkdtempSync(join(workspace, 'content-'));
      cpSync(CONTENT_ROOT, content, { recursive: true });
      return content;
    },
    run: (command, content, env = {}) => {
      const outDir = mkdtempSync(join(workspace, 'dist-'));
      const result = spawnSync(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), command], {
        cwd: project,
        encoding: 'utf-8',
        env: {
          ...process.env,
          CONTENT_DIR: content,
          ASTRO_CACHE_DIR: mkdtempSync(join(workspace, 'cache-')),
          ASTRO_OUT_DIR: outDir,
          ASTRO_TELEMETRY_DISABLED: '1',
          NO_COLOR: '1',
          FORCE_COLOR: '0',
          ...env,
        },
      });
      return { status: result.status, output: `${result.stdout}\n${result.stderr}`, outDir };
    },
    remove: () => rmSync(workspace, { recursive: true, force: true }),
  };
}
