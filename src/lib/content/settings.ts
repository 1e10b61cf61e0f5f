// The site settings (content/site.json) as the pages use them, with ready-made contact links.
import { getEntry } from 'astro:content';
import type { Settings } from './schemas.ts';
import { mailtoHref, telHref, whatsappHref } from './links.ts';

/** Site settings plus the hrefs every contact block needs. */
export interface SiteView extends Settings {
  links: { tel: string; whatsapp: string; mailto: string };
}

/** Loads the single settings entry; a missing file fails the build with a clear message. */
export async function getSite(): Promise<SiteView> {
  const entry = await getEntry('settings', 'site');
  if (!entry) throw new Error('content/site.json must contain the settings entry with id "site".');
  const settings = entry.data;
  return {
    ...settings,
    links: {
      tel: telHref(settings.contact.phone),
      whatsapp: whatsappHref(settings.contact.whatsapp),
      mailto: mailtoHref(settings.contact.email),
    },
  };
}
