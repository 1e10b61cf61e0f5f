// A submit made in an island's server-rendered form before the island's form can take it. The
// islands' code loads after the page has painted (../island-runtime.ts), so a visitor can press
// Enter in the footer's newsletter form first; the browser would then submit the form itself (a
// page reload with the typed address in the URL). src/page-scripts/hold-early-submits.ts holds such a
// submit and marks the island, the island's directive hydrates it at once, and the hydrated form
// sends the held submit (src/islands/hooks/use-server-form.ts).

/** Set on the island while a submit made before its form was ready waits for the hydrated form. */
export const PENDING_SUBMIT_ATTRIBUTE = 'data-pending-submit';
/** Set by the island once its form handles submits itself. */
export const FORM_READY_ATTRIBUTE = 'data-form-ready';
/** Dispatched on the island when a submit is held, for a directive already waiting to hydrate it. */
export const HELD_SUBMIT_EVENT = 'bridgeway:held-submit';
