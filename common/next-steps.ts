// What happens next for an application, in one sentence a status: the applicant's card on
// /profile says it under the status, and the email of a change of status says it too. Apart from
// common/domain.ts, whose lists every form's code shares, so that only the pages that show an
// application carry these sentences.
import type { ApplicationStatus } from './domain.ts';

/** The sentence of each status. */
export const APPLICATION_NEXT_STEPS: Record<ApplicationStatus, string> = {
  submitted: 'We have received your application. A consultant will start reviewing it soon; meanwhile, add the documents still missing.',
  in_review: 'A consultant is reviewing your application now. We will write again when there is a decision.',
  approved: 'Good news: your application was approved. We will contact you about the next steps.',
  rejected: 'We are sorry: your application was not approved. Contact us and a consultant will explain your options.',
};
