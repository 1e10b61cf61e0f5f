// The visitor-facing texts the tests check, pinned once. The tests never import these words from
// src/: a test that reads its expected text from the code under test passes whatever that text
// says, so a wrong message in src/ would go unnoticed. Each text names where it is decided: the
// specification (../shared/seed/000_6fe9441b09e76640.txt, quoted with its section), the team's
// decisions recorded in docs/product-decisions.md (which win where the two differ), or, for texts
// neither names, the project's own wording, pinned here so that changing it is a deliberate act.

/** Every form's texts for the two failures the specification does not foresee (the project's own). */
export const FORM_TEXTS = {
  /** README: "a dropped network keeps every value and says so". */
  offline: 'We could not reach our server. Check your internet connection and try again. Nothing you typed was lost.',
  /** README: "the database's per-email limit (HTTP 429) gets its own message". */
  rateLimit: 'You have sent this form too many times in the last hour. Please try again later, or call or WhatsApp us.',
} as const;

/** The home page's booking form. */
export const BOOKING_TEXTS = {
  /** Specification 8: "Booking success | 'Booking successfully submitted!'". */
  success: 'Booking successfully submitted!',
  /** Specification 8: "Booking failure | 'An error occurred. Please try again.'". */
  failure: 'An error occurred. Please try again.',
} as const;

/** The contact form of /contact and /contact1. */
export const CONTACT_TEXTS = {
  /** Specification 8: "Contact success | Dialog titled Success with text 'Message sent successfully'". */
  successTitle: 'Success',
  success: 'Message sent successfully',
  /** docs/product-decisions.md (Contact): "We show 'Failed to send your message. Please try again.'". */
  failure: 'Failed to send your message. Please try again.',
} as const;

/** The footer's newsletter form. */
export const NEWSLETTER_TEXTS = {
  /** docs/product-decisions.md (Newsletter): "We show 'Thanks for subscribing!'". */
  success: 'Thanks for subscribing!',
  /** The failure's words are the project's own. */
  failure: 'We could not subscribe you just now. Please try again.',
} as const;

/** The visa application form. */
export const VISA_TEXTS = {
  /** Specification 8: "Visa submit success | Popup 'Application Submitted Successfully!' with '...'". */
  successTitle: 'Application Submitted Successfully!',
  success: 'One of Our members will contact you via, Email, Phone Call or Whatsapp chat. Thanks!',
  /** Specification 4: "the button reads 'Submitting...' and is disabled". */
  submitting: 'Submitting...',
  /** Specification 8: "Visa submit failure | 'Failed to submit the application. Please try again.'". */
  failure: 'Failed to submit the application. Please try again.',
} as const;

/** The account pages: signup, login, resend, reset, verify, set-password and profile. */
export const ACCOUNT_TEXTS = {
  /** Specification 8: "Signup success | 'Signup successful! A verification email has been sent ...'". */
  signupSuccess:
    'Signup successful! A verification email has been sent to your email address. Please verify your email to complete the registration process.',
  /** Specification 8: "Login with unverified email | 'Email not verified. Please check your email inbox ...'". */
  emailNotVerified: 'Email not verified. Please check your email inbox for the verification link.',
  /** Specification 4: "A verified email leads to an alert 'Login successful!'". */
  loginSuccess: 'Login successful!',
  /** Specification 8: "Resend success | 'Verification email sent! Please check your inbox.'". */
  resendSent: 'Verification email sent! Please check your inbox.',
  /** Specification 8: "Resend when already verified | 'Your email is already verified. You can log in.'". */
  resendAlreadyVerified: 'Your email is already verified. You can log in.',
  /** Specification 8: "Resend failure | 'Unable to resend verification email. Make sure the credentials are correct.'". */
  resendFailed: 'Unable to resend verification email. Make sure the credentials are correct.',
  /** Specification 8: "Reset success | 'Password reset email sent! Check your inbox.'". */
  resetSent: 'Password reset email sent! Check your inbox.',
  /** Specification 8: "Other login, signup and reset errors | The authentication service's own message". */
  invalidCredentials: 'Invalid login credentials',
  /** Specification 2, Profile: "A logged-out visitor sees 'Please log in to view your profile.'". */
  loggedOut: 'Please log in to view your profile.',
  /** Specification 8: "Profile values missing | 'Not Provided', and 'User' for the name". */
  notProvided: 'Not Provided',
  noName: 'User',
  /** The email-link pages and the profile editor are beyond the specification: the project's own. */
  verified: 'Your email address is verified. You are now logged in.',
  verifyInvalid: 'This verification link is invalid or has expired.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordSaved: 'Your new password is saved and you are now logged in.',
  profileSaved: 'Your profile has been updated.',
} as const;

/** The admin dashboard. */
export const ADMIN_TEXTS = {
  /** Specification 8: "Not logged in on admin | 'You must log in to access this page.'". */
  notLoggedIn: 'You must log in to access this page.',
  /** Specification 8: "Not an admin | 'Access denied. You are not authorized to view this page.'". */
  accessDenied: 'Access denied. You are not authorized to view this page.',
  /** Specification 8: "Admin role check failure | 'Failed to verify user role.'". */
  roleCheckFailed: 'Failed to verify user role.',
  /** Specification 8: "Admin list failure | 'Failed to load data. Please try again.'". */
  loadFailed: 'Failed to load data. Please try again.',
} as const;

/**
 * Specification 8: "Admin delete failure | 'Failed to delete application.' or 'Failed to delete
 * user.'"; the lists the project adds (bookings, messages, subscribers) say it the same way.
 */
export const adminDeleteFailed = (noun: string): string => `Failed to delete ${noun}.`;

/** The 404 page, by path (docs/product-decisions.md: "The static 404 page looks at the path and shows 'Service Not Found' ... or 'Country not found'"). */
export const NOT_FOUND_TEXTS = {
  /** Specification 8: "Unknown service | 'Service Not Found' with a link to /services". */
  service: 'Service Not Found',
  /** Specification 8: "Unknown country | 'Country not found'". */
  country: 'Country not found',
} as const;

/**
 * What happens after a submission: the dashboard's overview and handled state, the
 * application timeline and notes, the unsubscribe page. Beyond the specification: the project's own.
 */
export const AFTER_SUBMISSION_TEXTS = {
  overviewTitle: 'Waiting for an answer',
  handled: 'Handled',
  new: 'New',
  markHandled: 'Mark handled',
  markNew: 'Mark as new',
  noteLabel: 'Internal note',
  noteRequired: 'Please enter a note.',
  noteAdded: 'Note added.',
  /** The heading of the history on each application's card. */
  historyTitle: 'History',
  statusChanged: (from: string, to: string) => `Status changed from ${from} to ${to}`,
  received: (status: string) => `Application received, status ${status}`,
  unsubscribed: 'You have been unsubscribed. You will receive no more newsletter emails from us.',
  unsubscribeInvalid:
    'This unsubscribe link is not valid: it may be incomplete. Please open the link in your email again, or contact us and we will remove your address.',
} as const;

/** The newsletter's confirmation page (/newsletter/confirm): beyond the specification, the project's own. */
export const NEWSLETTER_CONFIRM_TEXTS = {
  done: 'Thank you: your subscription is confirmed. Your welcome email is on its way.',
  invalid:
    'This confirmation link is not valid or has expired (a link works for 7 days). Please sign up again with the newsletter form at the bottom of any page.',
  doneTitle: 'Your newsletter subscription is confirmed',
  doneLead: 'We will send you our newsletter at this address. Every issue has a link to unsubscribe.',
} as const;

/**
 * The auth service's refusals, by GoTrue's code (src/lib/forms/errors.ts). Specification 8: "Other
 * login, signup and reset errors | The authentication service's own message": kept word for word
 * where GoTrue writes for people (invalidCredentials above, samePassword, tooShort); the project's
 * own words where GoTrue writes for developers or its text changes with settings.
 */
export const AUTH_REFUSAL_TEXTS = {
  samePassword: 'New password should be different from the old password.',
  tooShort: 'Password should be at least 8 characters.',
  pwned: 'This password is known to be weak and easy to guess. Please choose a different one.',
  validationFailed: 'Please check the email address and password, then try again.',
  addressInvalid: 'We cannot send email to this address. Please check it, or use another one.',
  addressNotAuthorized: 'We cannot send email to this address yet. Please use another one, or contact us.',
  emailTooSoon: 'We have just sent an email to this address. Please wait a minute before asking for another.',
  tooManyRequests: 'Too many attempts in a short time. Please wait a few minutes and try again.',
  captcha: 'The security check was not completed. Please complete it and try again.',
  signupDisabled: 'New accounts cannot be created at the moment. Please contact us.',
  emailDisabled: 'Signing in with email is not available at the moment. Please contact us.',
  banned: 'This account has been suspended. Please contact us.',
  sessionGone: 'Your session has ended. Please log in again.',
  unexpected: 'Something went wrong on our side. Please try again in a moment; nothing you typed was lost.',
} as const;

/**
 * What an applicant reads when a document cannot be added or removed, by the reason
 * the database gives after Storage refused it (public.document_refusal). The project's own.
 */
export const DOCUMENT_REFUSAL_TEXTS = {
  decided: 'This application has been decided, so its documents can no longer change.',
  full: 'An application can have at most 30 documents. Remove one to add another.',
  itemFull: 'This document can have at most 6 files. Remove one to add another.',
  notTheirs: 'This application is no longer among yours, so its documents cannot change. Reload the page to see your applications.',
  uploadFailed: (name: string) => `"${name}" could not be uploaded. Check your connection and try again.`,
  removeFailed: 'We could not remove this document. Please try again.',
} as const;

/**
 * An application as its applicant sees it on /profile: one card with its status, what happens
 * next, its checklist item by item and its history. The project's own.
 */
export const APPLICATION_CARD_TEXTS = {
  nextStep: {
    submitted: 'We have received your application. A consultant will start reviewing it soon; meanwhile, add the documents still missing.',
    in_review: 'A consultant is reviewing your application now. We will write again when there is a decision.',
    approved: 'Good news: your application was approved. We will contact you about the next steps.',
    rejected: 'We are sorry: your application was not approved. Contact us and a consultant will explain your options.',
  },
  /** As the checklist's progress line reads: "3 of 7 required documents provided". */
  progress: (provided: number, required: number) => `${provided} of ${required} required documents provided`,
  provided: 'Provided',
  missing: 'Missing',
  needsReplacing: 'Needs replacing',
  reason: (reason: string) => `Needs replacing: ${reason}`,
  optional: '(optional)',
  /** Beside an item staff asked for. */
  requestedMark: 'Requested',
  other: 'Other documents',
  accepted: 'Accepted',
  /** The open request on the card. */
  askedFor: (labels: string[]) => `Your adviser asked for: ${labels.join(', ')}.`,
  /** As a request reads in the history: "Documents requested: Passport data page, Bank statement". */
  requested: (labels: string[]) => `Documents requested: ${labels.join(', ')}`,
  providedAll: (labels: string[]) => `Documents provided: ${labels.join(', ')}`,
  /** A decided application's card (and its decision's email): the day its documents go (docs/product-decisions.md, Retention). */
  documentsKeptUntil: (day: string) => `We keep the documents of this application until ${day}, then remove them, as our privacy notice says. Download a copy from your profile before then.`,
  downloadLink: 'Download your data',
} as const;

/** Staff's side of the checklist in /admin. The project's own. */
export const ADMIN_DOCUMENT_TEXTS = {
  /** As the applications list reads: "n of m required". */
  progress: (provided: number, required: number) => `${provided} of ${required} required`,
  decided: 'This application has been decided, so its documents can no longer change.',
  providedMeanwhile: 'One of these documents has just been provided. Look at the checklist again and ask for what is still missing.',
  documentGone: 'This file is no longer there: the applicant has just removed it.',
  accepted: (file: string) => `${file} accepted.`,
  markedForReplacement: (file: string) => `${file} marked as needing replacement; the applicant is emailed.`,
  reviewFailed: 'Failed to save the review. Please try again.',
  requestSent: (labels: string[]) => `Request sent for: ${labels.join(', ')}.`,
  requestFailed: 'Failed to send the request. Please try again.',
  nothingToRequest: 'Choose at least one missing document.',
  waitingOnApplicant: 'Waiting on the applicant',
} as const;

/** The privacy notice's links: the line beside each form's submit button and the footer's link. The project's own. */
export const PRIVACY_NOTICE_TEXTS = {
  link: 'Read our privacy notice',
  footer: 'Privacy notice',
} as const;
