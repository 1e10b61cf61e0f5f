// Runs Astro on a copy of the content: a temporary project root with a copy of this project's src/
// (a linked one breaks Vite's build, which resolves the link and then misses its compiled modules)
// that links to its node_modules/, public/ and supabase/ (whose environment schema the config
// uses), so Astro's generated .astro/ folder and its output never touch the working tree, and
// CONTENT_DIR points at the copy. A pool of such projects runs Astro side by side, one run per
// project at a time (two runs in one project would write its .astro/ folder together).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_ROOT, PROJECT_ROOT } from './content-files.ts';

export interface AstroProject {
  /** A fresh copy of content/ for one run. */
  copyContent(): string;
  /** Runs `astro <command>` on a content folder; `outDir` is where a build writes. */
  run(command: 'sync' | 'build', content: string, env?: Record<string, string>): Promise<AstroRun>;
  remove(): void;
}

/** What one run of Astro did. */
export interface AstroRun {
  status: number | null;
  output: string;
  outDir: string;
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
      const child = spawn(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), command], {
        cwd: project,
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
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf-8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf-8').on('data', (chunk: string) => (stderr += chunk));
      return new Promise((resolve) => {
        child.on('error', (error) => resolve({ status: null, output: `${stdout}\n${stderr}\n${error.message}`, outDir }));
        child.on('close', (status) => resolve({ status, output: `${stdout}\n${stderr}`, outDir }));
      });
    },
    remove: () => rmSync(workspace, { recursive: true, force: true }),
  };
}

/**
 * Projects that run Astro side by side, at most one run each: as many as the machine has cores,
 * so a file's builds or syncs take the time of the longest instead of their sum.
 */
export function createAstroPool(prefix: string, size = Math.min(availableParallelism(), 4)): AstroProject {
  const projects = Array.from({ length: Math.max(size, 1) }, () => createAstroProject(prefix));
  const idle = [...projects];
  const waiting: ((project: AstroProject) => void)[] = [];
  const release = (project: AstroProject) => {
    const next = waiting.shift();
    if (next) next(project);
    else idle.push(project);
  };
  return {
    copyContent: () => projects[0]!.copyContent(),
    run: async (command, content, env) => {
      const project = idle.pop() ?? (await new Promise<AstroProject>((resolve) => waiting.push(resolve)));
      try {
        return await project.run(command, content, env);
      } finally {
        release(project);
      }
    },
    remove: () => projects.forEach((project) => project.remove()),
  };
}
