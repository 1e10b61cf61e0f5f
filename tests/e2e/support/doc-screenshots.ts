// Screenshots of the screens docs/ shows, taken by the browser test that reaches each screen, at a
// phone's width (412 px) and a desk's (1,350 px). Only when DOC_SCREENSHOTS is set (a normal run
// writes nothing): `DOC_SCREENSHOTS=1 npx playwright test <spec>` writes docs/images/<name>-<width>.png.
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';

const DOCS = resolve(import.meta.dirname, '../../../docs/images');

/** Writes `name`-412.png and `name`-1350.png of `target` (the page, or one part of it), then restores the viewport. */
export async function docScreenshots(page: Page, name: string, target?: Locator): Promise<void> {
  if (!process.env['DOC_SCREENSHOTS']) return;
  const before = page.viewportSize();
  for (const width of [412, 1350]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    const png = target ? await target.screenshot() : await page.screenshot();
    await sharp(png).png({ palette: true, colours: 96, compressionLevel: 9 }).toFile(join(DOCS, `${name}-${width}.png`));
  }
  if (before) await page.setViewportSize(before);
}
