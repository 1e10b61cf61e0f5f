// Debian's Chromium, as every browser test and benchmark launches it. Playwright cannot download
// its own browser on our machines; the flags keep Chromium from reaching for the network, which is
// closed here (without them it opens many refused connections at every start).

/** Where Chromium is: Debian's package by default, CHROMIUM_PATH to override. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

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
