// Page object for any page of the site: navigation plus what the route and SEO tests read.
import type { Locator, Page, Response } from '@playwright/test';

/** What a page declares in its <head> for search engines and link previews. */
export interface HeadInfo {
  title: string;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string>;
  jsonLd: string[];
}

export class SitePage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** Opens a path and returns the document response. */
  async goto(path: string): Promise<Response | null> {
    return this.page.goto(path);
  }

  /** The page's main heading. */
  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** Every same-origin URL the page links to or loads an image from (hash dropped, deduplicated). */
  async internalUrls(): Promise<string[]> {
    return this.page.evaluate(() => {
      const urls = new Set<string>();
      const add = (value: string | null) => {
        if (!value) return;
        const url = new URL(value, location.href);
        if (url.origin !== location.origin) return;
        url.hash = '';
        urls.add(url.pathname + url.search);
      };
      const fromSrcset = (value: string | null) => value?.split(',').forEach((part) => add(part.trim().split(/\s+/)[0] ?? null));
      document.querySelectorAll('a[href]').forEach((el) => add(el.getAttribute('href')));
      document.querySelectorAll('img').forEach((el) => {
        add(el.getAttribute('src'));
        fromSrcset(el.getAttribute('srcset'));
      });
      document.querySelectorAll('source[srcset]').forEach((el) => fromSrcset(el.getAttribute('srcset')));
      document.querySelectorAll('video[poster], video[src], source[src]').forEach((el) => {
        add(el.getAttribute('poster'));
        add(el.getAttribute('src'));
      });
      // Testimony videos are put in the page only when played; their files are named on the figure.
      document.querySelectorAll('[data-video-src]').forEach((el) => add(el.getAttribute('data-video-src')));
      document.querySelectorAll('link[rel~="icon"], link[rel="sitemap"]').forEach((el) => add(el.getAttribute('href')));
      return [...urls];
    });
  }

  /** Reads the SEO tags of the current document. */
  async head(): Promise<HeadInfo> {
    return this.page.evaluate(() => {
      const attr = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name) ?? null;
      const og: Record<string, string> = {};
      document.head.querySelectorAll('meta[property^="og:"]').forEach((meta) => {
        og[meta.getAttribute('property')!] = meta.getAttribute('content') ?? '';
      });
      return {
        title: document.title,
        description: attr('meta[name="description"]', 'content'),
        canonical: attr('link[rel="canonical"]', 'href'),
        robots: attr('meta[name="robots"]', 'content'),
        og,
        jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((el) => el.textContent ?? ''),
      };
    });
  }
}
