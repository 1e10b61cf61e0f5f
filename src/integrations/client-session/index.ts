// `client:session`: hydrates an island only when the visitor has a stored session (or signs in on
// this page). The nav's auth island uses it, so a signed-out visitor on a public page downloads no
// React and no supabase-js: the static Login / SignUp dropdown serves them with no script at all.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export default function clientSession(): AstroIntegration {
  return {
    name: 'bridgeway:client-session',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'session', entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)) });
      },
    },
  };
}
