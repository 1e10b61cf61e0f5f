import { defineConfig } from 'vitest/config';

// Unit, content, database and API tests run in Node; the browser journeys run under Playwright
// (playwright.config.ts), so they are excluded here.
export default defineConfig({
  test: {
    include: ['tests/{unit,content,db,api}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
