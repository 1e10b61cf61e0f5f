// Runs Lighthouse's default (mobile, simulated throttling) audit in Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium.ts';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

// chrome-launcher starts Chromium itself, so the new headless mode is named explicitly.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless')];

/** Audits each URL in one Chromium; returns the four category scores (0-100) and LCP/TBT/CLS. */
export async function audit(urls: string[]): Promise<Map<string, LighthouseFigures>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const results = new Map<string, LighthouseFigures>();
  try {
    for (const url of urls) {
      const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = run.lhr;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
      results.set(url, {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
