// The publish status in the CMS: a line at the foot of the editor's screen saying whether what they
// saved is live, still being built, or failed and why (src/lib/content/cms/publish-status.ts).
// Polled every few seconds; a live region, so a screen reader hears each change once. The same
// line serves production, where the file is the live build's own (src/integrations/cms.ts).
import { formatConsultancyTime } from '../../common/consultancy-time.ts';
import type { PublishStatus } from '../lib/content/cms/publish-status.ts';

const POLL_MS = 3000;
/** How long a host's build may take before a change not yet live is reported as a likely failure. */
const LATE_MS = 10 * 60_000;
/** Where this browser remembers its last publish (an instant, ISO 8601). */
const SAVED_KEY = 'bridgeway-cms-last-publish';

/** Called when the editor publishes: the change is not live until a build newer than this one. */
export function notePublished(now = new Date()): void {
  localStorage.setItem(SAVED_KEY, now.toISOString());
}

/**
 * The sentence for a status, as the editor reads it. A build older than the editor's last publish
 * is not theirs yet: in production the host's build starts a moment after the commit, so until a
 * newer build is live the change is still on its way, and after ten minutes probably failed (the
 * host's own deploy status says why: docs/content.md).
 */
export function publishStatusText(status: PublishStatus, publishedAt?: string, now = Date.now()): string {
  const since = formatConsultancyTime(status.at);
  switch (status.state) {
    case 'building':
      return `Publishing: the site is being rebuilt with your changes (started ${since}). It takes a minute or two.`;
    case 'failed':
      return `Not published: the last build failed (${since}), so the site still shows the version before it. Why: ${status.reason ?? 'see the terminal.'} Correct it and save again.`;
    case 'published': {
      if (publishedAt && publishedAt > status.at) {
        const saved = formatConsultancyTime(publishedAt);
        return now - Date.parse(publishedAt) < LATE_MS
          ? `Publishing: your change of ${saved} is not on the site yet; the site is rebuilt after each change (a few minutes).`
          : `Not live: your change of ${saved} is still not on the site after ten minutes, so its build has probably failed. The host's deploy log says why (docs/content.md, When something is wrong).`;
      }
      return `Live: the site is up to date (built ${since}).`;
    }
  }
}

/** Adds the status line to the page and keeps it current from `url`. */
export function showPublishStatus(url: string): void {
  const box = document.createElement('div');
  box.id = 'publish-status';
  box.setAttribute('role', 'status');
  box.setAttribute('aria-live', 'polite');
  box.style.cssText =
    'position:fixed;left:0;right:0;bottom:0;z-index:400;padding:8px 16px;font:14px/1.4 system-ui,sans-serif;border-top:1px solid #cfd8dc;background:#f4f7f5;color:#1b2b24;';
  document.body.append(box);
  let shown = '';
  const poll = async () => {
    try {
      const response = await fetch(url, { cache: 'no-store' });
      if (!response.ok) return;
      const status = (await response.json()) as PublishStatus;
      const text = publishStatusText(status, localStorage.getItem(SAVED_KEY) ?? undefined);
      if (text === shown) return;
      shown = text;
      const tone = text.startsWith('Not') ? 'failed' : text.startsWith('Live') ? 'published' : 'building';
      box.dataset['state'] = tone;
      box.style.background = tone === 'failed' ? '#fdecea' : tone === 'building' ? '#fff8e1' : '#e8f5e9';
      box.style.color = tone === 'failed' ? '#8a1c12' : '#1b2b24';
      box.textContent = text;
    } catch {
      // The site server is restarting between two builds: ask again at the next turn.
    } finally {
      setTimeout(() => void poll(), POLL_MS);
    }
  };
  void poll();
}
