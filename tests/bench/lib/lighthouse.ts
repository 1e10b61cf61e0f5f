// Runs Lighthouse's default (mobile, simulated throttling) audit in Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium.ts';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What Lighthouse found as the largest paint (an element's selector, or its label). */
  lcpElement: string;
  /**
   * Bytes transferred by requests that finished before the observed first paint (the document and
   * whatever the browser fetched with it). Lighthouse's simulation counts these requests into first
   * paint, so this is the weight first paint waits for.
   */
  bytesBeforeFcp: number;
  /** Those requests, as "type path bytes" lines, for reading what holds first paint. */
  requestsBeforeFcp: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkEndTime?: number;
}

/** The requests of a run that ended before its observed first contentful paint. */
function beforeFirstPaint(lhr: { audits: Record<string, { details?: unknown }> }): NetworkItem[] {
  const metrics = lhr.audits['metrics']?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined;
  const fcp = metrics?.items?.[0]?.observedFirstContentfulPaint ?? Number.NaN;
  const network = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  return (network?.items ?? []).filter((item) => (item.networkEndTime ?? Number.POSITIVE_INFINITY) <= fcp);
}

function lcpElementOf(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const details = lhr.audits['lcp-breakdown-insight']?.details as
    | { items?: { type?: string; selector?: string; nodeLabel?: string }[] }
    | undefined;
  const node = details?.items?.find((item) => item.type === 'node');
  return node?.selector ?? node?.nodeLabel ?? '?';
}

// chrome-launcher starts Chromium itself, so the new headless mode is named explicitly.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless')];

/** Audits each URL in one Chromium, in the order given; returns the four category scores (0-100), the paint metrics and what first paint waited for. */
export async function audit(urls: string[]): Promise<[string, LighthouseFigures][]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const results: [string, LighthouseFigures][] = [];
  try {
    for (const url of urls) {
      const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = run.lhr;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
      results.push([url, {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: value('first-contentful-paint'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        lcpElement: lcpElementOf(run.lhr),
        bytesBeforeFcp: beforeFirstPaint(run.lhr).reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        requestsBeforeFcp: beforeFirstPaint(run.lhr).map(
          (item) => `${item.resourceType ?? '?'} ${new URL(item.url).pathname} ${item.transferSize ?? 0}`,
        ),
      }]);
    }
  } finally {
    chrome.kill();
  }
  return results;
}
