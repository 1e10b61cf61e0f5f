// The first script of <body>, inlined by LoadingOverlay.astro right after the overlay element
// (src/integrations/inline-scripts.ts bundles it), so all of this happens before the rest of the
// body is parsed:
// - the overlay is set up (src/page-scripts/navigation-overlay.ts);
// - a page whose visitor has a stored session is marked, so the header never shows its static
//   Login / SignUp dropdown to them while the account menu's code loads (src/lib/stored-session.ts);
// - the scripts that can wait (the islands' code and the behaviour scripts) are put into the page
//   once it has painted its first view (and loaded, with no stored session), or at once when the
//   visitor starts using an island (../deferred-behaviours.ts);
// - a submit made in an island's form before the island is ready is held (../hold-early-submits.ts).
// One script rather than several: each inline script costs its hash in every page's policy header.
import { installOverlay, type OverlayElement } from '../navigation-overlay.ts';
import { hasStoredSession, markSession } from '../../lib/stored-session.ts';
import { holdEarlySubmits } from '../hold-early-submits.ts';
import { addDeferredBehaviours } from '../deferred-behaviours.ts';

// A classic script that runs as the parser meets it always has a current script.
const overlay = document.currentScript!.previousElementSibling as OverlayElement | null;
if (hasStoredSession()) markSession();
holdEarlySubmits(addDeferredBehaviours());
// The overlay last (all of this runs before the next frame): were it to throw, submits are still
// held and the islands still load.
installOverlay(overlay);
