import { defineConfig } from 'vitest/config';
import { inlineScripts, isInlineScript } from './src/integrations/inline-scripts.ts';

// Unit, content, database, API and function tests run in Node (the functions they call run in
// Deno); the browser journeys run under Playwright (playwright.config.ts), so they are excluded here.
export default defineConfig({
  // Unit tests run the inline scripts as pages carry them (`?inline-script`, as in astro.config.mjs).
  plugins: [
    inlineScripts(),
    {
      // Vitest keeps transformed modules on disk between runs, keyed on the module's own file; an
      // inline script is built from the files its entry imports, so a change to one of those (the
      // stored-session check, the late-scripts loader) would go unseen. It is never cached.
      name: 'bridgeway:inline-scripts-uncached',
      configureVitest({ defineCacheKeyGenerator }) {
        defineCacheKeyGenerator(({ id }) => (isInlineScript(id) ? false : undefined));
      },
    },
  ],
  test: {
    include: ['tests/{unit,content,db,api,functions}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
