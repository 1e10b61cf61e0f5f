// `client:interaction`: hydrates an island the first time the visitor focuses, presses on or types
// into it, so an island that is visible at load (the footer's newsletter form on a short page)
// still adds no framework code to the first load. The island must render its form on the server:
// the visitor sees and starts using that form while React loads.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}

export default function hydrateOnInteraction(): AstroIntegration {
  return {
    name: 'bridgeway:hydrate-on-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./hydrate-on-interaction.client.ts', import.meta.url)),
        });
      },
    },
  };
}
