// Builds the site as it was at another git ref, for `npm run bench -- --vs <ref>`: a detached
// worktree of that commit in a temporary folder, with this checkout's node_modules linked in (the
// dependencies rarely differ between the commits compared; when they do, build the other commit
// yourself and pass its folder with --baseline), built into the given folder, then removed.
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Builds `ref` into `outDir` (with its cache in `work`), and returns the commit it built. */
export function buildRef(ref: string, work: string, outDir: string): string {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  const tree = join(work, 'baseline-src');
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', tree, commit], { stdio: 'inherit' });
  try {
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'), 'dir');
    const env = {
      ...process.env,
      ASTRO_OUT_DIR: outDir,
      ASTRO_CACHE_DIR: join(work, 'baseline-cache'),
      ASTRO_TELEMETRY_DISABLED: '1',
    };
    execFileSync('npx', ['astro', 'build', '--silent'], {
      cwd: tree,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree]);
  }
  return commit;
}
