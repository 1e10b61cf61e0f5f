// The Playwright `test` every browser test imports: it fails a test when the page logs a console
// error or throws, unless the test allows that message (e.g. the 404 status of a 404 page), and,
// whatever the test allows, when any page of the test's browser context breaks the site's
// Content-Security-Policy (the headers of dist/_headers, served by scripts/serve-site.ts).
import { test as base, expect } from '@playwright/test';

interface ConsoleGuard {
  /** Console errors matching one of these are expected by the test and ignored. */
  allowedConsoleErrors: RegExp[];
  /** Collects the policy's violations; automatic, so every test has it. */
  cspGuard: void;
}

/** The name of the function through which pages report a violation to the test. */
const REPORT_VIOLATION = '__reportCspViolation';

export const test = base.extend<ConsoleGuard>({
  allowedConsoleErrors: [[], { option: true }],
  cspGuard: [
    async ({ context }, use, testInfo) => {
      const violations: string[] = [];
      // The browser fires `securitypolicyviolation` on the document for every blocked script,
      // style, connection or frame, before anything the page logs, and on every page of the context.
      await context.exposeBinding(REPORT_VIOLATION, ({ page }, violation: string) => {
        violations.push(`on ${page.url()}: ${violation}`);
      });
      await context.addInitScript((report) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
          const sample = event.sample ? ` (${event.sample})` : '';
          (window as unknown as Record<string, (text: string) => void>)[report]?.(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${sample}${where}`,
          );
        });
      }, REPORT_VIOLATION);
      await use();
      if (violations.length > 0) {
        await testInfo.attach('csp-violations', { body: violations.join('\n'), contentType: 'text/plain' });
      }
      expect(violations, 'the Content-Security-Policy was broken').toEqual([]);
    },
    { auto: true },
  ],
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
