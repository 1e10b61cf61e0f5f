// A backend that is killed (SIGKILL: no handler runs, nothing is stopped in order) leaves none of
// its processes behind: the functions' Deno process ends with it (supabase/local/functions/serve.ts
// exits when its standard input, a pipe from the backend, ends). Runs the real entry point.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startBackendProcess } from '../support/backend-process.ts';

/** The process's state letter and parent id from /proc/<pid>/stat, or null once it is gone. */
function stat(pid: number): { state: string; ppid: number } | null {
  try {
    // The command name (2nd field) is in parentheses and may hold spaces: read after the last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Every process descended from pid, found by walking the parent ids of /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const found = stat(Number(entry));
    if (found) parents.set(Number(entry), found.ppid);
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/** Running: it exists and is not a zombie (an ended process its new parent has not reaped yet). */
const running = (pid: number) => {
  const found = stat(pid);
  return found !== null && found.state !== 'Z';
};

describe.runIf(process.platform === 'linux')('a backend killed with SIGKILL', () => {
  it('leaves no process of its own behind, the functions\' Deno process included', async () => {
    const backend = await startBackendProcess({ PGLITE_DATA_DIR: 'memory://', DATABASE_URL: '', SMTP_HOST: '' });
    const children = descendants(backend.pid);
    try {
      // The functions start with the backend: Deno is there before the kill.
      expect(children.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8')).join('\n'), backend.output).toContain('serve.ts');
    } finally {
      await backend.stop('SIGKILL');
    }
    const deadline = Date.now() + 10_000;
    while (children.some(running) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(children.filter(running), 'processes still running after the backend was killed').toEqual([]);
  }, 120_000);
});
