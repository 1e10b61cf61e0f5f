// The /unsubscribe page's one behaviour: the newsletter's unsubscribe link brings its token in
// `?token=`; the button posts it as JSON to the unsubscribe function (supabase/functions/unsubscribe),
// which answers 200 when a subscription was found, 400 or 404 when the link names none, and says
// the outcome. Asking for a click first keeps mail scanners, which open links, from unsubscribing anyone.

export const UNSUBSCRIBE_TEXTS = {
  busy: 'Unsubscribing...',
  done: 'You have been unsubscribed. You will receive no more newsletter emails from us.',
  invalid: 'This unsubscribe link is not valid: it may be incomplete. Please open the link in your email again, or contact us and we will remove your address.',
  failed: 'We could not unsubscribe you just now. Please try again in a moment.',
} as const;

const form = document.querySelector<HTMLFormElement>('form[data-unsubscribe]');
const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
const status = form?.querySelector<HTMLElement>('[data-unsubscribe-status]');
const alert = form?.querySelector<HTMLElement>('[data-unsubscribe-alert]');

if (form && button && status && alert) {
  const token = new URLSearchParams(window.location.search).get('token')?.trim() ?? '';
  const { endpoint = '', apiKey = '' } = form.dataset;
  const label = button.textContent ?? '';

  if (token) button.disabled = false;
  else alert.textContent = UNSUBSCRIBE_TEXTS.invalid;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    button.textContent = UNSUBSCRIBE_TEXTS.busy;
    alert.textContent = '';
    void fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: apiKey, authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ token }),
    })
      .then((res) => (res.ok ? 'done' : res.status === 400 || res.status === 404 ? 'invalid' : 'failed'))
      .catch(() => 'failed' as const)
      .then((outcome) => {
        if (outcome === 'done') {
          button.hidden = true;
          status.textContent = UNSUBSCRIBE_TEXTS.done;
          return;
        }
        alert.textContent = UNSUBSCRIBE_TEXTS[outcome];
        button.textContent = label;
        // A link that names no subscription stays refused; a failure may be tried again.
        button.disabled = outcome === 'invalid';
      });
  });
}
