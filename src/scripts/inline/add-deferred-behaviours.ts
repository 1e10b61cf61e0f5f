// Inlined by GlobalBehaviours.astro after the behaviour scripts' <template> (src/integrations/inline-scripts.ts
// bundles it): puts them into the page once it has painted.
import { addDeferredBehaviours } from '../deferred-behaviours.ts';

addDeferredBehaviours();
