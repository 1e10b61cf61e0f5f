// The Chromium every browser test and benchmark launches: CHROMIUM_PATH when set, else Debian's
// package, else the one `npx playwright install chromium` downloaded (where downloads work; not on
// our machines). The flags keep Chromium from reaching for the network, which is closed here
// (without them it opens many refused connections at every start).
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Debian's Chromium (`apt-get install -y chromium`). */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Playwright's own Chromium, if it has been downloaded. */
function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

// A CHROMIUM_PATH that is set is the only candidate: a typo there must not quietly test another browser.
const candidates = process.env['CHROMIUM_PATH'] ? [process.env['CHROMIUM_PATH']] : [DEBIAN_CHROMIUM, playwrightChromium()];
const found = candidates.find((path): path is string => !!path && existsSync(path));

/** Where Chromium is (Debian's path when none is found: launching then fails, and chromiumMissing() says why first). */
export const CHROMIUM_PATH = found ?? process.env['CHROMIUM_PATH'] ?? DEBIAN_CHROMIUM;

/** One line saying how to install Chromium when no browser was found, else null. */
export function chromiumMissing(): string | null {
  if (found) return null;
  const where = process.env['CHROMIUM_PATH'] ? `CHROMIUM_PATH (${process.env['CHROMIUM_PATH']}) does not exist` : `no Chromium at ${DEBIAN_CHROMIUM}`;
  return `The browser tests need Chromium and ${where}: install it with \`sudo apt-get install -y chromium\` (Debian, Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.`;
}

/** The command-line flags for a headless, offline, sandbox-less (root) Chromium. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
