// The site's own hydration directives, beside Astro's `client:load`, `client:visible` and the rest.
// Each has a browser half in this folder, which Astro bundles on its own (a few hundred bytes each)
// and the build moves into the islands file of the pages that use it (../island-runtime.ts).
//
// - `client:session` (session.ts): hydrates an island only when the visitor has a stored session
//   (or signs in on this page). The nav's auth menu uses it, so a signed-out visitor on a public
//   page downloads no React and no supabase-js: the static Login / SignUp dropdown serves them.
// - `client:interaction` (interaction.ts): hydrates an island the first time the visitor focuses,
//   presses on or types into it, so an island visible at load (the footer's newsletter form on a
//   short page) still adds no framework code to the first load. The island renders its form on the
//   server; the visitor starts using that form while React loads.
// - `client:painted` (painted.ts): Astro's `client:idle`, but only after the page's first contentful
//   paint (the account pages' forms and /profile).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

// Astro's documented way to let a custom directive type-check on components.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:session'?: boolean;
    'client:interaction'?: boolean;
    'client:painted'?: boolean;
  }
}

const entrypoint = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default function clientDirectives(): AstroIntegration {
  return {
    name: 'bridgeway:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'session', entrypoint: entrypoint('./session.ts') });
        addClientDirective({ name: 'interaction', entrypoint: entrypoint('./interaction.ts') });
        addClientDirective({ name: 'painted', entrypoint: entrypoint('./painted.ts') });
      },
    },
  };
}
