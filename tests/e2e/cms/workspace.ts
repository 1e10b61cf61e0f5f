// A content editor's machine for the CMS's browser test: a temporary copy of content/ (the shipped
// files are never touched), decap-server saving to it as `npm start` runs it, and the site built
// from it and served with its _headers, rebuilt on demand to show what was saved, or (`watch`) after
// each change as `npm start` does, with the publish status the CMS shows (scripts/site-rebuild.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, type FSWatcher } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createSiteServer, readHeaderRules } from '../../../scripts/static-host.ts';
import { rebuildOnContentChange, rebuildSite } from '../../../scripts/site-rebuild.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export interface Workspace {
  /** The copy's root: content/ is under it, as in the repository (decap-server's folder). */
  dir: string;
  content: string;
  /** The site's address (localhost, where Decap looks for decap-server). */
  siteUrl: string;
  /** Builds the site from the copy again and serves the new build. */
  rebuild(): Promise<void>;
  close(): Promise<void>;
}

export async function openWorkspace(options: { watch?: boolean } = {}): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-e2e-'));
  const content = join(dir, 'content');
  cpSync(join(ROOT, 'content'), content, { recursive: true });
  const [decapPort, sitePort] = [await freePort(), await freePort()];
  const decap: ChildProcess = spawn(process.execPath, [join(ROOT, 'node_modules/decap-server/dist/index.js')], {
    cwd: dir,
    env: { ...process.env, PORT: String(decapPort), GIT_REPO_DIRECTORY: dir, MODE: 'fs', LOG_LEVEL: 'error' },
    stdio: 'ignore',
  });
  const outDir = join(dir, 'dist');
  const env = {
    CONTENT_DIR: content,
    ASTRO_OUT_DIR: outDir,
    // A cache of its own: Astro's content cache holds the content folder's paths.
    ASTRO_CACHE_DIR: join(dir, 'cache'),
    CMS_LOCAL_PORT: String(decapPort),
  };
  let server: Server | undefined;
  const serve = async () => {
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    server = createSiteServer(outDir, (await readHeaderRules(outDir))!);
    await new Promise<void>((done) => server!.listen(sitePort, '127.0.0.1', done));
  };
  let watcher: FSWatcher | undefined;
  const rebuild = async () => {
    const status = await rebuildSite({ outDir, env: { ...process.env, ...env } });
    if (status.state === 'failed') throw new Error(`The build failed: ${status.reason}`);
    await serve();
  };
  const close = async () => {
    watcher?.close();
    decap.kill();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await rebuild();
    if (options.watch) watcher = rebuildOnContentChange(content, { outDir, env: { ...process.env, ...env } });
  } catch (error) {
    await close();
    throw error;
  }
  return { dir, content, siteUrl: `http://localhost:${sitePort}`, rebuild, close };
}
