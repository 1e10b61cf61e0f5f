// `npm start`: builds the site and serves it on http://localhost:4321.
// (The embedded Supabase-compatible backend joins it in supabase/local/.)
import { spawn } from 'node:child_process';

const run = (cmd, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`))));
  });

await run('npx', ['astro', 'build']);
await run('npx', ['astro', 'preview', '--host', '127.0.0.1', '--port', '4321']);
