// The CMS's GitHub sign-in in a real browser: a page of the site stands in for Decap CMS, with
// Decap's own handshake (packages/decap-cms-lib-auth/src/netlify-auth.js: it accepts messages from
// its base_url only, echoes `authorizing:github` to the popup, then takes
// `authorization:github:success:{json}`), and opens /cms/oauth as Decap does. The popup goes through
// the e2e backend's cms-oauth function to a local stand-in for GitHub (E2E_GITHUB_URL), which
// "authorizes" at once and sends it to /cms/oauth-callback; the CMS receives the token and the popup
// closes. The code is tied to the popup's PKCE challenge. A callback the window did not start is
// refused, and the CMS is told why; a popup opened by a page of another origin, or whose opener has
// left the site by the time GitHub sends it back, redeems nothing; GitHub's own error text is never
// shown; and the code leaves the address bar on every branch.
import type { Page } from '@playwright/test';
import { E2E_GITHUB_APP, E2E_GITHUB_URL } from './support/e2e-env.ts';
import { expect, test } from './support/fixtures.ts';
import { type GitHubStandIn, startGitHubStandIn } from '../functions/github-oauth-stand-in.ts';

test.describe.configure({ mode: 'serial' });

let github: GitHubStandIn;
test.beforeAll(async () => {
  github = await startGitHubStandIn(E2E_GITHUB_APP.clientId, E2E_GITHUB_APP.clientSecret, Number(new URL(E2E_GITHUB_URL).port));
});
test.afterAll(() => github?.close());

type CmsResult = { outcome: 'success' | 'error'; data: Record<string, unknown> };

/** Puts a "Login with GitHub" button on a page of the site that signs in as Decap CMS does, opening `popupPath`. */
async function decapLogin(page: Page, popupPath: string): Promise<void> {
  await page.goto('/about');
  await page.evaluate((path) => {
    const baseUrl = window.location.origin;
    const button = document.createElement('button');
    button.textContent = 'Login with GitHub';
    document.body.prepend(button);
    const w = window as unknown as { cmsResult: Promise<CmsResult> };
    w.cmsResult = new Promise((resolve) => {
      button.addEventListener('click', () => {
        let popup: Window | null = null;
        const authorize = (e: MessageEvent) => {
          if (e.origin !== baseUrl) return;
          const match = /^authorization:github:(success|error):(.+)$/.exec(String(e.data));
          if (!match) return;
          window.removeEventListener('message', authorize);
          popup?.close();
          resolve({ outcome: match[1] as CmsResult['outcome'], data: JSON.parse(match[2]!) as Record<string, unknown> });
        };
        const handshake = (e: MessageEvent) => {
          if (e.data === 'authorizing:github' && e.origin === baseUrl) {
            window.removeEventListener('message', handshake);
            window.addEventListener('message', authorize);
            popup?.postMessage(e.data, e.origin);
          }
        };
        window.addEventListener('message', handshake);
        popup = window.open(`${baseUrl}/${path}`, 'Netlify Authorization', 'width=960,height=600');
      });
    });
  }, popupPath);
}

test('an editor signs in through GitHub and the CMS gets the token', async ({ page }) => {
  await decapLogin(page, 'cms/oauth?provider=github&site_id=127.0.0.1&scope=repo');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Login with GitHub' }).click();
  const window = await popup;
  const result = await page.evaluate(() => (globalThis as unknown as { cmsResult: Promise<CmsResult> }).cmsResult);
  expect(result).toEqual({ outcome: 'success', data: { token: expect.stringMatching(/^gho_/), provider: 'github' } });
  await expect.poll(() => window.isClosed()).toBe(true);
  // GitHub was asked for the repository scope, for the callback page of this site.
  const [issued] = [...github.codes.values()].slice(-1);
  expect(issued).toMatchObject({ scope: 'repo', used: true, redirectUri: `${new URL(page.url()).origin}/cms/oauth-callback`, challenge: expect.stringMatching(/^[\w-]{43}$/) });
  // The exchange carried the popup's verifier, whose SHA-256 is that challenge (the stand-in checks it as GitHub does).
  expect(github.exchanges.at(-1)).toMatchObject({ code_verifier: expect.stringMatching(/^[\w-]{43,128}$/) });
});

const NOT_FROM_CMS = 'This window was not opened by this site\'s CMS, so it signs no one in. Close it, open /cms/ and press "Login with GitHub" there.';

test('a page of another origin that opens the sign-in gets no code asked for', async ({ page }) => {
  const issued = github.codes.size;
  await page.goto(`${E2E_GITHUB_URL}/another-site`);
  const popup = page.waitForEvent('popup');
  const site = test.info().project.use.baseURL!;
  await page.evaluate((url) => globalThis.open(url, 'Netlify Authorization'), `${site}/cms/oauth?provider=github&scope=repo`);
  const window = await popup;
  await expect(window.getByRole('alert')).toHaveText(NOT_FROM_CMS);
  expect(new URL(window.url()).pathname).toBe('/cms/oauth');
  expect(github.codes.size).toBe(issued);
});

test('when the opener has left the site by the time GitHub sends the editor back, the code is not redeemed and leaves the address bar', async ({ page }) => {
  github.consent = 'on-click';
  try {
    await decapLogin(page, 'cms/oauth?provider=github&site_id=127.0.0.1&scope=repo');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Login with GitHub' }).click();
    const window = await popup;
    await expect(window.getByRole('link', { name: 'Authorize' })).toBeVisible();
    // While the editor looks at GitHub's consent page, the window that opened the popup shows another origin.
    await page.goto(`${E2E_GITHUB_URL}/another-site`);
    const asked = github.exchanges.length;
    await window.getByRole('link', { name: 'Authorize' }).click();
    await expect(window.getByRole('alert')).toHaveText(NOT_FROM_CMS);
    expect(new URL(window.url()).search).toBe('');
    const [issued] = [...github.codes.values()].slice(-1);
    expect(issued?.used).toBe(false);
    expect(github.exchanges.length).toBe(asked);
  } finally {
    github.consent = 'at-once';
  }
});

test("GitHub's refusal is told in the site's words, not GitHub's", async ({ page }) => {
  await decapLogin(page, 'cms/oauth-callback?error=access_denied&error_description=Visit+evil.example+to+fix+your+account&state=x');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Login with GitHub' }).click();
  const window = await popup;
  const result = await page.evaluate(() => (globalThis as unknown as { cmsResult: Promise<CmsResult> }).cmsResult);
  expect(result).toEqual({ outcome: 'error', data: { message: 'GitHub did not sign you in. Close this window and press "Login with GitHub" in the CMS again.' } });
  await expect.poll(() => window.isClosed()).toBe(true);
});

test('a callback opened without the CMS (a pasted link) cleans the code from the address and redeems nothing', async ({ page }) => {
  const code = github.issueCode(`${test.info().project.use.baseURL}/cms/oauth-callback`);
  await page.goto(`/cms/oauth-callback?code=${code}&state=x`);
  await expect(page.getByRole('alert')).toHaveText(NOT_FROM_CMS);
  expect(new URL(page.url()).search).toBe('');
  expect(github.codes.get(code)?.used).toBe(false);
});

test('a callback this window did not start is refused, and the CMS is told why', async ({ page }) => {
  const code = github.issueCode(`${test.info().project.use.baseURL}/cms/oauth-callback`);
  await decapLogin(page, `cms/oauth-callback?code=${code}&state=made-up`);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Login with GitHub' }).click();
  const window = await popup;
  const result = await page.evaluate(() => (globalThis as unknown as { cmsResult: Promise<CmsResult> }).cmsResult);
  expect(result).toEqual({ outcome: 'error', data: { message: 'This sign-in was not started in this window. Close it and press "Login with GitHub" in the CMS again.' } });
  await expect.poll(() => window.isClosed()).toBe(true);
  expect(github.codes.get(code)?.used).toBe(false);
});
