// What every form does when its submission fails, written once over all of them: the database's
// per-email limit (HTTP 429), a failure the form cannot explain (HTTP 500), a cut connection, and
// an answer lost on the way back followed by a retry. In each case the visitor reads the form's
// message and keeps every value typed; a retry, even double-clicked, stores one row.
import type { Page } from '@playwright/test';
import { POSTGREST } from '../../support/hosted-errors.ts';
import { BOOKING_TEXTS, CONTACT_TEXTS, FORM_TEXTS, NEWSLETTER_TEXTS, VISA_TEXTS } from '../../support/spec-texts.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  BookingForm,
  ContactForm,
  NewsletterForm,
  OFFLINE_CONSOLE,
  VisaForm,
  isoDay,
  loseAnswer,
  refusedConsole,
  restUrl,
  rowsWhere,
  useUpQuota,
  type SubmittableForm,
} from './forms.po.ts';

// A hydrating island and a backend round trip per test: generous on a busy shared machine.
test.describe.configure({ timeout: 150_000 });

interface FormUnderTest {
  name: string;
  /** The table its submissions are stored in (each has an `email` column). */
  table: string;
  /** The REST path the form sends to, where the tests answer or cut the request. */
  rest: string;
  /** The form's own message for a failure it cannot explain. */
  failure: string;
  open: (page: Page) => Promise<SubmittableForm>;
  /** An earlier submission from `email`, for forms the database limits per address. */
  quotaRow?: (email: string) => Record<string, unknown>;
}

const FORMS: FormUnderTest[] = [
  {
    name: 'booking',
    table: 'bookings',
    rest: 'bookings',
    failure: BOOKING_TEXTS.failure,
    open: (page) => BookingForm.open(page),
    quotaRow: (email) => ({ full_name: 'Early', phone: '+1 555 0100', email, country: 'USA', date: isoDay(2), time: '10:00' }),
  },
  {
    name: 'contact',
    table: 'contact_messages',
    rest: 'contact_messages',
    failure: CONTACT_TEXTS.failure,
    open: (page) => ContactForm.open(page),
    quotaRow: (email) => ({ name: 'Early', email, subject: 'Hi', phone: '+1 555 0100', message: 'Hi', page: '/contact' }),
  },
  {
    name: 'newsletter',
    table: 'newsletter_subscribers',
    rest: 'rpc/subscribe_newsletter',
    failure: NEWSLETTER_TEXTS.failure,
    open: (page) => NewsletterForm.open(page),
    quotaRow: (email) => ({ email }),
  },
  {
    // The visa form has no per-address limit: a signed-in applicant is known.
    name: 'visa application',
    table: 'visa_applications',
    rest: 'visa_applications',
    failure: VISA_TEXTS.failure,
    open: (page) => VisaForm.open(page),
  },
];

for (const formCase of FORMS) {
  const { name, table, rest, failure, quotaRow } = formCase;
  const stored = (form: SubmittableForm) => rowsWhere(table, 'email', form.email);

  test.describe(`the ${name} form`, () => {
    if (quotaRow) {
      test.describe('over the limit', () => {
        test.use({ allowedConsoleErrors: [refusedConsole(429)] });

        test('the sixth submission of an address within the hour gets the rate-limit message and keeps the values', async ({ page }) => {
          const form = await formCase.open(page);
          await useUpQuota(table, quotaRow(form.email));
          const before = await stored(form);
          await form.fillValid();
          const values = await form.values(form.labels);
          await form.submit();
          await expect(form.message()).toHaveText(FORM_TEXTS.rateLimit);
          await expect(form.message()).toHaveAttribute('role', 'alert');
          expect(await form.values(form.labels)).toEqual(values);
          expect(await stored(form)).toEqual(before);
        });
      });
    }

    test.describe('refused by the server', () => {
      test.use({ allowedConsoleErrors: [refusedConsole(500)] });

      test('a failure the form cannot explain shows its failure message and keeps the values', async ({ page }) => {
        const form = await formCase.open(page);
        await page.route(restUrl(rest), (route) => route.fulfill({ status: 500, json: { code: 'XX000', message: 'boom' } }));
        await form.fillValid();
        const values = await form.values(form.labels);
        await form.submit();
        await expect(form.message()).toHaveText(failure);
        await expect(form.message()).toHaveAttribute('role', 'alert');
        expect(await form.values(form.labels)).toEqual(values);
      });
    });

    test.describe('when the network fails', () => {
      test.use({ allowedConsoleErrors: [OFFLINE_CONSOLE] });

      test('a cut connection says so, keeps the values and stores nothing', async ({ page }) => {
        const form = await formCase.open(page);
        await page.route(restUrl(rest), (route) => route.abort('internetdisconnected'));
        await form.fillValid();
        const values = await form.values(form.labels);
        await form.submit();
        await expect(form.message()).toHaveText(FORM_TEXTS.offline);
        expect(await form.values(form.labels)).toEqual(values);
        expect(await stored(form)).toEqual([]);
      });

      test('a lost answer says so and keeps the values; the retry stores one row, each double click sending once', async ({ page }) => {
        const form = await formCase.open(page);
        await page.route(restUrl(rest), loseAnswer, { times: 1 });
        await form.fillValid();
        const values = await form.values(form.labels);
        // The row is stored though its answer is lost; the retry must not store it again, and
        // neither double click may send twice (README: "a double click sends once").
        await form.submitButton().dblclick();
        await expect(form.message()).toHaveText(FORM_TEXTS.offline);
        expect(await form.values(form.labels)).toEqual(values);
        expect(await stored(form)).toHaveLength(1);
        await form.submitButton().dblclick();
        await form.expectSuccess();
        expect(await stored(form)).toHaveLength(1);
      });
    });
  });
}

// A refusal the database ties to a field is known by its SQLSTATE (src/lib/forms/errors.ts), as
// hosted's PostgREST answers it (tests/support/hosted-errors.ts): the message goes to that field,
// whatever the visitor's clock let through, and every value is kept.
test.describe('a refusal at a field, by its code', () => {
  test.use({ allowedConsoleErrors: [refusedConsole(400)] });

  const booking = (page: Page) => BookingForm.open(page);
  const cases = [
    { name: 'booking', rest: 'bookings', open: booking, answer: POSTGREST.bookingDateInPast(), label: 'Date', described: '' },
    { name: 'booking', rest: 'bookings', open: booking, answer: POSTGREST.bookingTimePassed(), label: 'Time', described: '' },
    { name: 'visa application', rest: 'visa_applications', open: (page: Page) => VisaForm.open(page), answer: POSTGREST.birthDateInFuture(), label: 'Date of birth', described: '' },
  ];
  for (const { name, rest, open, answer, label, described } of cases) {
    test(`the ${name} form shows the database’s refusal at ${label}, and only there`, async ({ page }) => {
      const form = await open(page);
      await page.route(restUrl(rest), (route) => route.fulfill({ status: answer.status, headers: answer.headers, body: JSON.stringify(answer.body) }));
      await form.fillValid();
      const values = await form.values(form.labels);
      await form.submit();
      await form.expectError(label, `${described}${answer.body.message as string}`);
      await expect(form.message()).toHaveText('');
      expect(await form.values(form.labels)).toEqual(values);
    });
  }
});
