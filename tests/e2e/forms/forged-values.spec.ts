// A value outside a closed list, forged by a visitor: an option added to the page's <select>, or
// the request rewritten on its way. The lists are Postgres enums, so the database refuses such a
// value as no value of its type (22P02, HTTP 400) where a CHECK used to say 23514: the form names
// the field when the browser sees the forgery, says the booking was not made when only the
// database does, and loses nothing typed either way. (api-refusals.spec.ts sends them to the API
// directly.)
import { BOOKING_TEXTS } from '../../support/spec-texts.ts';
import { expect, test } from '../support/fixtures.ts';
import { BookingForm, VisaForm, restUrl, rowsWhere } from './forms.po.ts';

// A hydrating island and a backend round trip per test: generous on a busy shared machine.
test.describe.configure({ timeout: 150_000 });

/** Adds `value` to the options of the select labelled `label` and chooses it, as a visitor editing the page would. */
async function forgeOption(form: BookingForm | VisaForm, label: string, value: string): Promise<void> {
  await form.field(label).evaluate((select, forged) => {
    const option = document.createElement('option');
    option.value = forged;
    option.textContent = forged;
    select.append(option);
  }, value);
  await form.field(label).selectOption(value);
}

test('a country forged into the booking form is refused at its field, and nothing is sent', async ({ page }) => {
  const form = await BookingForm.open(page);
  let requests = 0;
  page.on('request', (request) => void (request.url().includes('/rest/v1/bookings') && requests++));
  await form.fill(form.valid());
  await forgeOption(form, 'Country', 'France');
  await form.submit();
  await form.expectError('Country', 'Please choose a country.');
  await expect(form.field('Country')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.field('Country')).toBeFocused();
  expect(requests).toBe(0);
  expect(await form.values(form.labels)).toEqual(form.valid({ Country: 'France' }));
});

test.describe('a country rewritten on its way to the database', () => {
  // The database's refusal is a 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('is refused (400 22P02), the form says so, keeps what was typed, and nothing is stored', async ({ page }) => {
    const form = await BookingForm.open(page);
    const answers: { status: number; code: unknown }[] = [];
    await page.route(restUrl('bookings'), async (route) => {
      const body = { ...route.request().postDataJSON(), country: 'France' };
      const response = await route.fetch({ postData: JSON.stringify(body) });
      answers.push({ status: response.status(), code: (await response.json()).code });
      await route.fulfill({ response });
    });
    const values = form.valid();
    await form.fill(values);
    await form.submit();
    await expect(form.message()).toHaveText(BOOKING_TEXTS.failure);
    expect(answers).toEqual([{ status: 400, code: '22P02' }]);
    expect(await form.values(form.labels)).toEqual(values);
    expect(await rowsWhere('bookings', 'email', form.email)).toHaveLength(0);
  });
});

test('a marital status forged into the visa form is refused at its field, and nothing is sent', async ({ page }) => {
  const form = await VisaForm.open(page);
  let requests = 0;
  page.on('request', (request) => void (request.url().includes('/rest/v1/visa_applications') && request.method() === 'POST' && requests++));
  await form.fill(form.valid());
  await forgeOption(form, 'Marital status', 'Separated');
  await form.submit();
  await form.expectError('Marital status', /\S/);
  await expect(form.field('Marital status')).toHaveAttribute('aria-invalid', 'true');
  expect(requests).toBe(0);
  expect(await rowsWhere('visa_applications', 'email', form.email)).toHaveLength(0);
});
