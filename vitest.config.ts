import { defineConfig } from 'vitest/config';
import { inlineScripts } from './src/integrations/inline-scripts.ts';

// Unit, content, database, API and function tests run in Node (the functions they call run in
// Deno); the browser journeys run under Playwright (playwright.config.ts), so they are excluded here.
export default defineConfig({
  // Unit tests run the inline scripts as pages carry them (`?inline-script`, as in astro.config.mjs).
  plugins: [inlineScripts()],
  test: {
    include: ['tests/{unit,content,db,api,functions}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
