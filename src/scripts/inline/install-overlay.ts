// Inlined by LoadingOverlay.astro right after the overlay element (src/integrations/inline-scripts.ts
// bundles it), so the overlay is set up before the rest of the body is parsed.
import { installOverlay, type OverlayElement } from '../navigation-overlay.ts';

// A classic script that runs as the parser meets it always has a current script.
installOverlay(document.currentScript!.previousElementSibling as OverlayElement | null);
