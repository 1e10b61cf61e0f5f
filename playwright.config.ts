import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4329);
export const baseURL = `http://127.0.0.1:${port}`;

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
  webServer: {
    // Tests run against the production build, exactly what a CDN would serve.
    // ASTRO_OUT_DIR lets two people run the suite at once without sharing dist/; --ignore-lock lets
    // this preview start while another one (npm start, a second suite) is already running.
    command: `npm run build && npx astro preview --host 127.0.0.1 --port ${port} --ignore-lock`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
