// To the person whose account was deleted (by themself on /profile, or by staff for them): what
// went, and what the consultancy keeps of their applications (docs/product-decisions.md). Sent to
// the address the account had, read from its row of public.account_deletions.
import { createElement as h } from 'react';
import { formatConsultancyDay } from '../../../../common/consultancy-time.ts';
import { List, P } from './layout.ts';
import type { AccountDeletionRow, Email, EmailInput } from './types.ts';

/** The confirmation that an account was deleted. */
export function accountDeleted({ row, brand }: EmailInput<AccountDeletionRow>): Email {
  const kept = row.applications_kept;
  return {
    subject: `Your ${brand.name} account has been deleted`,
    title: 'Your account is deleted',
    body: h('div', null,
      h(P, null, row.by_staff
        ? `As you asked us, we deleted your account on ${formatConsultancyDay(row.deleted_at)}.`
        : `You deleted your account on ${formatConsultancyDay(row.deleted_at)}.`),
      h(P, null, 'What we deleted:'),
      h(List, { items: [
        'your sign-in and your profile; you are signed out everywhere',
        `your documents (${row.files_removed} ${row.files_removed === 1 ? 'file' : 'files'})`,
        'the bookings, messages and newsletter subscription made under this address, and the emails we sent you',
      ] }),
      kept > 0
        ? h(P, null, `What we keep: a record of your ${kept === 1 ? 'application' : `${kept} applications`} (its reference, visa type, decision and dates), without your name, contact details, date of birth, passport number or address, as the law asks us to keep a record of the services we gave.`)
        : null,
      // The footer gives the consultancy's address and phone.
      h(P, null, 'If you did not ask for this, reply to this email or call us at once.'),
    ),
  };
}
