// Every page's behaviour scripts, loaded by the layout once the page has painted (none of them is
// needed for the first view, and a script requested earlier competes with the page's own bytes on a
// slow connection). Each behaviour whose markup is on this page is imported; the rest never load.
import type { OverlayElement } from './navigation-overlay.ts';
import './scroll-top.ts';
import './floating-aside.ts';
import './reveal.ts';

const present = (selector: string) => document.querySelector(selector) !== null;

// Auth-gated pages (/profile, /visa-form, /admin): the loading overlay also shows while the visitor's
// auth state is unknown. The overlay and its navigation hold are set up inline by the layout
// (navigation-overlay.ts); this adds the auth reason. No other page fetches the auth code.
const overlay = document.querySelector<OverlayElement>('[data-loading-overlay]')?.overlayControl;
const loading: Promise<unknown>[] = [];
if (overlay && present('[data-auth-gate]')) {
  loading.push(
    import('./auth-gate.ts').then(({ gateOnAuth }) =>
      gateOnAuth(
        () => overlay.hold('auth'),
        () => overlay.release('auth'),
      ),
    ),
  );
}
if (present('[data-video]')) loading.push(import('./testimony-videos.ts'));
if (present('time[data-local-now]')) loading.push(import('./local-date-time.ts'));
if (present('[data-office-hours]')) loading.push(import('./office-hours.ts').then(({ showOfficeHours }) => showOfficeHours()));

// Marks <html> once every behaviour of the page is set up (browser tests wait for it before they
// interact with a widget, as the scripts arrive only after the page has loaded).
void Promise.allSettled(loading).then(() => document.documentElement.setAttribute('data-behaviours', 'ready'));
