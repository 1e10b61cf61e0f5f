import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';
import { E2E_API_URL, E2E_BACKEND_ENV, E2E_PORT, E2E_SITE_ENV, E2E_SITE_URL } from './tests/e2e/support/e2e-env.ts';

export const baseURL = E2E_SITE_URL;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two workers match the two cores of our machines and CI.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // Browser journeys run in Debian's Chromium (tests/support/chromium.ts says why).
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // The embedded backend on a fresh in-memory database with the development data of
      // supabase/seed.sql (tests/e2e/support/e2e-env.ts says why its limits are raised), and the
      // Edge Functions in Deno: the database calls send-notifications, which sends every email to
      // this backend's catcher, and remove-documents, as `npm start` does. Ready once it answers.
      // As npm start does, what the functions bundle from content/site.json is written first.
      command: 'node scripts/bundle-functions.ts && node supabase/local/main.ts',
      url: `${E2E_API_URL}/health`,
      env: E2E_BACKEND_ENV,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Tests run against the production build, exactly what a CDN would serve (with the headers
      // of its _headers file: scripts/serve-site.ts), built to talk to the backend above. `npm test`
      // builds it beside the other suites and says so with E2E_SITE_BUILT (scripts/test.ts).
      command: `${process.env.E2E_SITE_BUILT === '1' ? '' : 'npm run build && '}node scripts/serve-site.ts --port ${E2E_PORT}`,
      url: baseURL,
      env: E2E_SITE_ENV,
      reuseExistingServer: !process.env.CI,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
