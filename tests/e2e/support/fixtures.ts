// The Playwright `test` every browser test should import: it fails a test when the page logs a
// console error or throws, unless the test allows that message (e.g. the 404 status of a 404 page).
import { test as base, expect } from '@playwright/test';

interface ConsoleGuard {
  /** Console errors matching one of these are expected by the test and ignored. */
  allowedConsoleErrors: RegExp[];
}

export const test = base.extend<ConsoleGuard>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use, testInfo) => {
    const problems: string[] = [];
    const allowed = (text: string) => allowedConsoleErrors.some((pattern) => pattern.test(text));
    page.on('console', (message) => {
      if (message.type() === 'error' && !allowed(message.text())) {
        problems.push(`console.error on ${page.url()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => {
      if (!allowed(error.message)) problems.push(`uncaught error on ${page.url()}: ${error.message}`);
    });
    await use(page);
    if (problems.length > 0) {
      await testInfo.attach('console-errors', { body: problems.join('\n'), contentType: 'text/plain' });
    }
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };
