// The one behaviour of the pages an emailed link lands on with a secret token (/unsubscribe,
// /newsletter/confirm): the link brings its token in `#token=` (src/lib/link-token.ts takes it and
// clears the address); the button posts it as JSON
// `{ token }` to the page's endpoint (data-endpoint, with the anon key of data-api-key) and says
// the outcome in the page's own words (data-busy, data-done, data-invalid, data-failed). The
// request is done when the answer is 2xx and its body is not `false` (an RPC answers false for a
// token it does not know); a 400 or 404 means the link names nothing; anything else may be tried
// again. Asking for a click first keeps mail scanners, which open links, from acting for anyone.
// Once done, a page whose heading invited the visitor to act ("Confirm…") says what is now true
// instead (data-done-title, data-done-lead), in its heading, lead and document title.

import { takeLinkToken } from '../lib/link-token.ts';

const form = document.querySelector<HTMLFormElement>('form[data-token-link]');
const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
const status = form?.querySelector<HTMLElement>('[data-token-link-status]');
const alert = form?.querySelector<HTMLElement>('[data-token-link-alert]');

type Outcome = 'done' | 'invalid' | 'failed';

/** What an answer means (see above). */
async function outcomeOf(res: Response): Promise<Outcome> {
  if (res.status === 400 || res.status === 404) return 'invalid';
  if (!res.ok) return 'failed';
  const body: unknown = await res.json().catch(() => null);
  return body === false ? 'invalid' : 'done';
}

/** Puts the page's heading, lead and title in the words of what has been done (when the page has them). */
function showDone(title: string | undefined, lead: string | undefined): void {
  const heading = document.querySelector('h1');
  if (!title || !heading) return;
  heading.textContent = title;
  const intro = heading.parentElement?.querySelector('.lead');
  if (intro && lead) intro.textContent = lead;
  document.title = document.title.replace(/^[^|]*/, `${title} `);
}

if (form && button && status && alert) {
  const token = takeLinkToken();
  const { endpoint = '', apiKey = '' } = form.dataset;
  const text = (outcome: Outcome | 'busy') => form.dataset[outcome] ?? '';
  const label = button.textContent ?? '';

  if (token) button.disabled = false;
  else alert.textContent = text('invalid');

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    button.textContent = text('busy');
    alert.textContent = '';
    void fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: apiKey, authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ token }),
    })
      .then(outcomeOf)
      .catch((): Outcome => 'failed')
      .then((outcome) => {
        if (outcome === 'done') {
          button.hidden = true;
          status.textContent = text('done');
          showDone(form.dataset.doneTitle, form.dataset.doneLead);
          return;
        }
        alert.textContent = text(outcome);
        button.textContent = label;
        // A link that names nothing stays refused; a failure may be tried again.
        button.disabled = outcome === 'invalid';
      });
  });
}

// An ES module (imported by the pages' <script>), though it exports nothing.
export {};
