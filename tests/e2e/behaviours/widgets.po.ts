// Page objects for the behaviour widgets: tests speak of "the carousel" or "the auth dropdown" and
// find elements by role and name, never by styling classes.
import { expect, type Locator, type Page } from '@playwright/test';
import { expectHydrated } from '../support/islands.ts';

/** The navigation bar: links, the mobile menu and the Login / SignUp dropdown. */
export class SiteNav {
  readonly menuToggle: Locator;
  readonly menu: Locator;
  readonly authToggle: Locator;
  readonly authMenu: Locator;

  constructor(readonly page: Page) {
    this.menuToggle = page.getByRole('button', { name: 'Menu' });
    this.menu = page.getByRole('navigation', { name: 'Main' });
    this.authToggle = page.getByRole('button', { name: 'Login / SignUp' });
    this.authMenu = page.locator('[data-auth-slot] [popover]');
  }

  /** A link inside the dropdown, by its visible name. */
  authLink(name: string): Locator {
    return this.authMenu.getByRole('link', { name, exact: true });
  }
}

/** The hero's Get Started button and popup. */
export class GetStartedPopup {
  readonly button: Locator;
  readonly popup: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('button', { name: 'Get Started' });
    this.popup = page.getByRole('dialog', { name: 'How can we help?' });
  }
}

/** The testimonial carousel island. */
export class Carousel {
  readonly region: Locator;
  readonly current: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly pause: Locator;
  readonly island: Locator;

  constructor(readonly page: Page) {
    this.island = page.locator('astro-island[component-url*="TestimonialCarousel"]');
    this.region = page.getByRole('region', { name: 'Client testimonials' });
    this.current = this.region.locator('[aria-roledescription="slide"]');
    this.next = page.getByRole('button', { name: 'Next testimonial' });
    this.previous = page.getByRole('button', { name: 'Previous testimonial' });
    this.pause = page.getByRole('button', { name: /^(Pause|Play) testimonials$/ });
  }

  /** Scrolls the carousel into view and waits for React to take it over. */
  async hydrate(): Promise<void> {
    await this.region.scrollIntoViewIfNeeded();
    await expectHydrated(this.island);
  }

  /** How many testimonies the carousel turns through, read from the shown slide's label. */
  async total(): Promise<number> {
    const label = (await this.current.getAttribute('aria-label')) ?? '';
    return Number(/ of (\d+)$/.exec(label)?.[1] ?? Number.NaN);
  }

  /** Expects the slide shown to be number `position` (1-based). */
  async expectShowing(position: number): Promise<void> {
    await expect(this.current).toHaveAttribute('aria-label', new RegExp(`^${position} of \\d+$`));
  }

  /** Drags horizontally by `dx` pixels across the middle of the slides with the mouse. */
  async swipe(dx: number): Promise<void> {
    const box = await this.region.locator('.carousel-slides').boundingBox();
    if (!box) throw new Error('The carousel slides have no box.');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y, { steps: 5 });
    await this.page.mouse.up();
  }
}

/**
 * Waits until the page's behaviour scripts (scroll-to-top, reveal, videos, stamps) are set up: they
 * load only after the page has loaded, so a test that interacts at once would beat them.
 */
export async function behavioursReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-behaviours', 'ready', { timeout: 30_000 });
}

/** The global floating controls and the loading overlay. */
export class GlobalControls {
  readonly scrollTop: Locator;
  readonly messageLink: Locator;
  readonly overlay: Locator;

  constructor(readonly page: Page) {
    this.scrollTop = page.getByRole('button', { name: 'Back to top' });
    this.messageLink = page.getByRole('link', { name: 'Send us a message' });
    this.overlay = page.locator('[data-loading-overlay]');
  }
}
