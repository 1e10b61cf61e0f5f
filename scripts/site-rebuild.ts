// The local rebuild after an editor saves (`npm start`, and the CMS's browser tests): a second
// after the last change under content/, `astro build` into a folder of its own, which replaces the
// served one only once it succeeded. While it runs (a minute on a busy machine) the site and /cms/
// keep answering with the last build, and a build that fails leaves that build in place. Each step
// is written to /cms/publish-status.json of the served folder, which the CMS polls and shows
// (src/lib/content/cms/publish-status.ts): "in progress", "published", or "failed" with the line
// that says why, so an editor never has to read the terminal.
import { spawn } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildFailureReason, PUBLISH_STATUS_FILE, type PublishStatus } from '../src/lib/content/cms/publish-status.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');

export interface RebuildOptions {
  /** The folder the site server serves (ASTRO_OUT_DIR). */
  outDir: string;
  /** The build's environment (CONTENT_DIR, the public settings…); ASTRO_OUT_DIR is set here. */
  env: NodeJS.ProcessEnv;
  /** Where each line of the build's output goes (the terminal, prefixed). */
  log?: (line: string) => void;
}

/** Writes the status beside the CMS page of a built folder. */
export async function writePublishStatus(outDir: string, status: PublishStatus): Promise<void> {
  await mkdir(join(outDir, 'cms'), { recursive: true });
  await writeFile(join(outDir, 'cms', PUBLISH_STATUS_FILE), `${JSON.stringify(status)}\n`);
}

/** Runs `astro build` into outDir, resolving with its exit code and whole output. */
function astroBuild(outDir: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [ASTRO, 'build'], { cwd: ROOT, env: { ...env, ASTRO_OUT_DIR: outDir, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let partial = '';
    const take = (chunk: Buffer) => {
      const text = partial + chunk.toString();
      output += chunk.toString();
      const end = text.lastIndexOf('\n') + 1;
      partial = text.slice(end);
      for (const line of text.slice(0, end).split('\n').slice(0, -1)) log(line);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', (code, signal) => {
      if (partial) log(partial);
      done({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/** One rebuild: the status says "building", then "published" or "failed" with the reason. */
export async function rebuildSite({ outDir, env, log = () => undefined }: RebuildOptions): Promise<PublishStatus> {
  const next = `${outDir}.next`;
  await writePublishStatus(outDir, { state: 'building', at: new Date().toISOString() });
  await rm(next, { recursive: true, force: true });
  const { code, output } = await astroBuild(next, env, log);
  if (code !== 0) {
    const failed: PublishStatus = { state: 'failed', at: new Date().toISOString(), reason: buildFailureReason(output) };
    await rm(next, { recursive: true, force: true });
    await writePublishStatus(outDir, failed);
    return failed;
  }
  // The build wrote its own "published" beside the CMS page (src/integrations/cms.ts).
  const published: PublishStatus = { state: 'published', at: new Date().toISOString() };
  // Two renames: the served folder is missing only between them, not for the whole build.
  const previous = `${outDir}.previous`;
  await rm(previous, { recursive: true, force: true });
  await rename(outDir, previous);
  await rename(next, outDir);
  await rm(previous, { recursive: true, force: true });
  return published;
}

/**
 * Rebuilds a second after the last change under contentDir; a change during a build queues one
 * more. `onDone` hears each result. Returns the watcher, to close.
 */
export function rebuildOnContentChange(contentDir: string, options: RebuildOptions & { onDone?: (status: PublishStatus) => void }): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  let building = false;
  let again = false;
  const rebuild = async () => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    const status = await rebuildSite(options);
    options.onDone?.(status);
    building = false;
    if (again) {
      again = false;
      void rebuild();
    }
  };
  return watch(contentDir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), 1000);
  });
}
