// Runs Lighthouse's default (mobile, simulated throttling) audit in Debian's Chromium.
import { chromium } from '@playwright/test';
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
  /**
   * Total blocking time recomputed from the CPU time the page's main thread spent in each task
   * after first paint (the trace's thread durations), slowed four times as Lighthouse's mobile
   * profile does: what the page's own tasks cost, without the wait for a core that a busy machine
   * adds to their wall time (and so to tbtMs). An estimate beside tbtMs, not Lighthouse's figure.
   */
  tbtCpuMs: number;
  cls: number;
  /** What Lighthouse found as the largest paint (an element's selector, or its label). */
  lcpElement: string;
  /** The resource the largest paint waited for (an image's address), or undefined for text. */
  lcpResource: string | undefined;
  /**
   * Bytes transferred by requests that finished before the observed first paint (the document and
   * whatever the browser fetched with it). Lighthouse's simulation counts these requests into first
   * paint, so this is the weight first paint waits for.
   */
  bytesBeforeFcp: number;
  /** Those requests, as "type path bytes" lines, for reading what holds first paint. */
  requestsBeforeFcp: string[];
  /** Bytes transferred for script files during the run (what the page loaded, not what it could load later). */
  scriptBytes: number;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkEndTime?: number;
}

function networkItems(lhr: { audits: Record<string, { details?: unknown }> }): NetworkItem[] {
  return (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
}

/** The requests of a run that ended before its observed first contentful paint. */
function beforeFirstPaint(lhr: { audits: Record<string, { details?: unknown }> }): NetworkItem[] {
  const metrics = lhr.audits['metrics']?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined;
  const fcp = metrics?.items?.[0]?.observedFirstContentfulPaint ?? Number.NaN;
  return networkItems(lhr).filter((item) => (item.networkEndTime ?? Number.POSITIVE_INFINITY) <= fcp);
}

type NodeItem = {
  type?: string;
  selector?: string;
  nodeLabel?: string;
  snippet?: string;
};

function lcpNodeOf(lhr: { audits: Record<string, { details?: unknown }> }): NodeItem | undefined {
  const details = lhr.audits['lcp-breakdown-insight']?.details as { items?: NodeItem[] } | undefined;
  return details?.items?.find((item) => item.type === 'node');
}

function lcpElementOf(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const node = lcpNodeOf(lhr);
  return node?.selector ?? node?.nodeLabel ?? '?';
}

/** The image the largest paint shows, from the element's markup (its src), when it is an image. */
function lcpResourceOf(lhr: { audits: Record<string, { details?: unknown }> }): string | undefined {
  const snippet = lcpNodeOf(lhr)?.snippet ?? '';
  if (!/^<(img|image|video)\b/i.test(snippet)) return undefined;
  return /\b(?:src|href|poster)="([^"]+)"/.exec(snippet)?.[1]?.replace(/&amp;/g, '&');
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { frames?: { parent?: string; processId?: number }[] } };
}

/** Lighthouse's mobile CPU slowdown and the length past which a task blocks input. */
const CPU_SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;

/** tbtCpuMs (see LighthouseFigures): the page's main-thread tasks after first paint, by their CPU time. */
function cpuBlockingTime(events: TraceEvent[]): number {
  const started = events.find((e) => e.name === 'TracingStartedInBrowser');
  const pid = started?.args?.data?.frames?.find((frame) => !frame.parent)?.processId;
  const tid = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain')?.tid;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts;
  if (pid === undefined || tid === undefined || paint === undefined) return Number.NaN;
  return events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= paint)
    .reduce((sum, task) => sum + Math.max(0, (CPU_SLOWDOWN * (task.tdur ?? task.dur ?? 0)) / 1000 - BLOCKING_AFTER_MS), 0);
}

// chrome-launcher starts Chromium itself, so the new headless mode is named explicitly.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless')];

/**
 * A page to audit. With `storage`, these localStorage entries are written for its origin before the
 * run and Lighthouse keeps them (a signed-in visitor's stored session); such pages must be served
 * from an origin of their own, as Lighthouse clears the storage of every other page's origin.
 */
export interface AuditTarget {
  url: string;
  storage?: Record<string, string>;
}

/** Writes the entries into the origin's localStorage in the running Chromium. */
async function writeStorage(port: number, url: string, storage: Record<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    await page.close();
  } finally {
    // Disconnects only: the Chromium is chrome-launcher's.
    await browser.close();
  }
}

/** Audits each URL in one Chromium, in the order given; returns the four category scores (0-100), the paint metrics and what first paint waited for. */
export async function audit(targets: (string | AuditTarget)[]): Promise<[string, LighthouseFigures][]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const results: [string, LighthouseFigures][] = [];
  try {
    for (const target of targets) {
      const { url, storage } = typeof target === 'string' ? { url: target, storage: undefined } : target;
      if (storage) await writeStorage(chrome.port, url, storage);
      const run = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: !!storage,
      });
      if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = run.lhr;
      const trace = (run.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
      results.push([
        url,
        {
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: value('first-contentful-paint'),
          lcpMs: value('largest-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          tbtCpuMs: trace ? cpuBlockingTime(trace.traceEvents) : Number.NaN,
          cls: value('cumulative-layout-shift'),
          lcpElement: lcpElementOf(run.lhr),
          lcpResource: lcpResourceOf(run.lhr),
          bytesBeforeFcp: beforeFirstPaint(run.lhr).reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
          scriptBytes: networkItems(run.lhr)
            .filter((item) => item.resourceType === 'Script')
            .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
          requestsBeforeFcp: beforeFirstPaint(run.lhr).map(
            (item) => `${item.resourceType ?? '?'} ${new URL(item.url).pathname} ${item.transferSize ?? 0}`,
          ),
        },
      ]);
    }
  } finally {
    chrome.kill();
  }
  return results;
}
