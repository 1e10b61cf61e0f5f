// Every content collection's schema. Collections with pictures are builders that take Astro's
// `image()` helper, so src/content.config.ts passes the real one and the content tests pass a
// stand-in that checks the file exists: both validate with exactly the same rules. Kept apart from
// src/content.config.ts so tests and scripts can import them without Astro's virtual modules.
import { z } from 'astro/zod';
import { VISA_TYPES } from '../../../common/domain.ts';
import { ITEM_KEY_PATTERN, MAX_CHECKLIST_ITEMS, MAX_ITEM_KEY_LENGTH, OTHER_ITEM_KEY } from '../document-rules.ts';
import { isEmailAddress } from '../../../common/email-address.ts';

/** One email address under the site's one rule (common/email-address.ts): never a list or a display name. */
const emailAddress = z.string().refine(isEmailAddress, 'must be one email address, like name@example.com (no list, no display name)');

/**
 * An entry's number: its address (/visa/{id}, /country/{id}, /services/{id}) and its place in lists.
 * Stable: removing an entry leaves a gap and renumbers nothing. Each is used once in its collection
 * (checked by the loaders in src/content.config.ts, src/lib/content/unique.ts).
 */
export const entryId = z.number().int().min(1);

/** Icon names a visa may use; src/components/VisaIcon.astro draws each one. */
export const VISA_ICONS = ['plane', 'alarm', 'rings', 'home', 'briefcase', 'calendar'] as const;

/** Astro's `image()` helper, or a stand-in with the same role in tests. */
export type ImageHelper = () => z.ZodType;

/** A picture with the alternative text a screen reader announces. */
const pictureSchema = (image: ImageHelper) => z.object({ src: image(), alt: z.string().min(3) });

/** One document of a visa's checklist: its key, what to attach, a short hint, and whether it is optional. */
export const checklistItemSchema = z.object({
  /**
   * Stable: the folder of the item's files (src/lib/documents/paths.ts) and the name staff ask for
   * it by. The name may change; the key may not, or files already sent would lose their item.
   */
  key: z
    .string()
    .max(MAX_ITEM_KEY_LENGTH)
    .regex(ITEM_KEY_PATTERN, 'must be a slug: lower-case letters and digits in words joined by hyphens, like bank-statements')
    .refine((key) => key !== OTHER_ITEM_KEY, `"${OTHER_ITEM_KEY}" is kept for files that fit no item`),
  name: z.string().min(3).max(80),
  detail: z.string().min(3).max(160).optional(),
  /** An optional document helps the case but is not asked of everyone (default: required). */
  optional: z.boolean().default(false),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** A visa's checklist: at least one item, at most MAX_CHECKLIST_ITEMS, each key once. */
const checklistSchema = z
  .array(checklistItemSchema)
  .min(1)
  .max(MAX_CHECKLIST_ITEMS)
  .superRefine((items, context) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.key)) context.addIssue({ code: 'custom', path: [index, 'key'], message: `the key "${item.key}" is used twice in this checklist` });
      seen.add(item.key);
    });
  });

/** A visa type (content/visas/*.mdx); the MDX body is the guidance on its detail page. */
export const visaSchema = (image: ImageHelper) =>
  z.object({
    id: entryId,
    type: z.enum(VISA_TYPES),
    description: z.string().min(20).max(300),
    icon: z.enum(VISA_ICONS),
    backgroundImage: pictureSchema(image),
    /** Short facts shown as a list on the detail page (processing time, validity, documents). */
    details: z.array(z.string().min(3)).min(3),
    /**
     * The documents to attach: the visa page's checklist, the visa form's and the applicant's
     * checklist on /profile, item by item (no more than an application can hold a file each of).
     */
    documents: checklistSchema,
    /** An external chat link; a visa with one opens it instead of its detail page. */
    link: z.url().optional(),
  });

/** A destination country (content/countries/*.mdx). */
export const countrySchema = (image: ImageHelper) =>
  z.object({
    id: entryId,
    name: z.string().min(2),
    /** ISO 3166-1 alpha-2 code; the flag is drawn from a maintained flag package. */
    flag: z.string().regex(/^[A-Z]{2}$/, 'must be the country’s two-letter ISO code in capitals, like GH'),
    /** At least two places, so the country page's gallery never shows a lone picture. */
    images: z.array(pictureSchema(image).extend({ placeName: z.string().min(2) })).min(2),
    descriptions: z.array(z.string().min(40)).length(3),
    visaTypes: z.array(z.enum(VISA_TYPES)).min(1),
    visaFree: z.string().min(20),
  });

/** A service card and its /services/{id} page (content/services/*.mdx). */
export const serviceSchema = (image: ImageHelper) =>
  z.object({
    id: entryId,
    title: z.string().min(3),
    description: z.string().min(20).max(300),
    image: pictureSchema(image),
  });

/** A static service page at /service-details/{file name} (content/service-pages/*.mdx). */
export const servicePageSchema = (image: ImageHelper) =>
  z.object({
    title: z.string().min(3),
    description: z.string().min(20),
    images: z.array(pictureSchema(image).extend({ caption: z.string().min(2) })).min(1),
    /** The Learn More link: a page of this site (/contact) or an https address. */
    link: z.object({ label: z.string().min(2), href: z.string().regex(/^(\/|https:\/\/)/, 'must be a page of this site (starting with /) or an https:// address') }),
    highlights: z.array(z.string().min(3)).min(1),
    testimonials: z.array(z.object({ name: z.string().min(2), review: z.string().min(10) })).min(1),
    /** The price as customers read it ("from $200 per itinerary"); the page adds its own label. */
    pricing: z.string().min(3),
    order: z.number().int(),
  });

/**
 * A calendar day, written as a date (`2025-01-31`), never a timestamp: it is a day in Lagos, not an
 * instant. The result is the same `YYYY-MM-DD` text. Astro reads frontmatter with js-yaml, which
 * turns an unquoted date into a Date at midnight UTC; that one is taken back to its day, while a
 * timestamp (a Date with a time) is refused. Exported so the CMS configuration can recognise it.
 */
export const calendarDate = z.preprocess(
  (value) => (value instanceof Date && !Number.isNaN(value.getTime()) && value.getTime() % 86_400_000 === 0 ? value.toISOString().slice(0, 10) : value),
  z.iso.date({ error: 'must be a date written YYYY-MM-DD, like 2025-01-31, with no time' }),
);

/**
 * The days a news item may be dated: a year outside them is a typing mistake (12062026 read as
 * 1906), refused by the build and, with these bounds, by the CMS's date field before saving.
 */
export const PUBLICATION_DATES = { min: '2000-01-01', max: '2099-12-31' } as const;

/** A news item's publication date: a calendar day within PUBLICATION_DATES. */
export const publicationDate = calendarDate
  .refine(
    (day) => day >= PUBLICATION_DATES.min && day <= PUBLICATION_DATES.max,
    `must be a date from ${PUBLICATION_DATES.min.slice(0, 4)} to ${PUBLICATION_DATES.max.slice(0, 4)}; check the year`,
  )
  // Its JSON Schema (what the CMS's configuration reads) names the bounds a refinement cannot show.
  .meta({ type: 'string', format: 'date', formatMinimum: PUBLICATION_DATES.min, formatMaximum: PUBLICATION_DATES.max });

/** A news article at /news/{file name} (content/news/*.mdx); the MDX body is the article. */
export const newsSchema = (image: ImageHelper) =>
  z.object({
    id: entryId,
    title: z.string().min(5),
    /** The teaser on the news card (the specification's `content`). */
    content: z.string().min(20).max(300),
    image: pictureSchema(image),
    /**
     * The day it appears: an article dated after today (in Lagos) is scheduled and stays off the
     * published site until that day's build (src/lib/content/publication.ts).
     */
    published: publicationDate,
    /** A draft stays off the published site whatever its date; local development shows it, marked. */
    draft: z.boolean().default(false),
  });

/** A team member (content/team/*.mdx). */
export const teamMemberSchema = (image: ImageHelper) =>
  z.object({
    id: entryId,
    name: z.string().min(2),
    role: z.string().min(2),
    image: pictureSchema(image),
    description: z.string().min(20),
  });

/** A continent of the services page (content/continents.json). */
export const continentSchema = (image: ImageHelper) =>
  z.object({
    id: z.string(),
    name: z.string().min(2),
    description: z.string().min(20),
    image: pictureSchema(image),
    keyPoints: z.array(z.string().min(3)).min(1),
  });

/** A media partner (content/partners.json). */
export const partnerSchema = (image: ImageHelper) =>
  z.object({
    id: z.string(),
    name: z.string().min(2),
    description: z.string().min(20),
    logo: pictureSchema(image),
    website: z.url(),
  });

/** A customer testimonial of the home carousel (content/testimonials.json). */
export const testimonialSchema = (image: ImageHelper) =>
  z.object({
    id: entryId,
    text: z.string().min(20),
    name: z.string().min(2),
    country: z.string().min(2),
    image: pictureSchema(image),
  });

/** A testimony video (content/videos.json); the file itself lives under public/videos/. */
export const videoSchema = (image: ImageHelper) =>
  z.object({
    id: entryId,
    name: z.string().min(2),
    testimony: z.string().min(10),
    /** A site-relative path under public/ (tests run offline; nothing is hot-linked). */
    videoUrl: z.string().regex(/^\/videos\/[\w.-]+\.(mp4|webm)$/, 'must be /videos/ and the file name of an .mp4 or .webm video, like /videos/testimony.mp4'),
    poster: pictureSchema(image),
  });

export const faqSchema = z.object({
  id: z.string(),
  question: z.string().min(10),
  answer: z.string().min(20),
});

export const processStepSchema = z.object({
  id: z.string(),
  step: z.number().int().min(1),
  title: z.string().min(3),
  description: z.string().min(20),
});

export const testPrepSchema = z.object({
  id: z.string(),
  name: z.enum(['IELTS', 'TOEFL', 'Citizenship test']),
  description: z.string().min(20),
  highlights: z.array(z.string().min(3)).min(1),
});

const milliseconds = z.number().int().min(0).max(60_000);
const pixels = z.number().int().min(0).max(10_000);

/** Site-wide settings: contact details, links, copyright year and the behaviour constants. */
export const settingsSchema = z.object({
  id: z.literal('site'),
  name: z.string().min(2),
  shortName: z.string().min(2),
  tagline: z.string().min(5),
  description: z.string().min(50).max(160),
  contact: z.object({
    phone: z.string().min(5),
    whatsapp: z.string().min(5),
    email: emailAddress,
    address: z.string().min(5),
  }),
  /** The external chat-app link ("talk to an agency"), also used by Emergency Visa. */
  chatLink: z.url(),
  social: z.array(z.object({ name: z.string().min(1), href: z.url() })).min(1),
  copyrightYear: z.number().int().min(2000).max(2100),
  timings: z.object({
    loadingOverlayMs: milliseconds,
    carouselIntervalMs: milliseconds,
    swipeThresholdPx: pixels,
    scrollTopThresholdPx: pixels,
    animationMs: milliseconds,
  }),
  /** Who is emailed about new bookings, messages and applications: each address gets its own message. */
  notifications: z.object({ staff: z.array(emailAddress).min(1) }),
  /** Who answers questions and requests about personal data: the privacy notice (/privacy) names them. */
  dataProtection: z.object({
    name: z.string().min(2).max(80),
    email: emailAddress,
    phone: z.string().min(5),
  }),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * The forms whose data the privacy notice describes, one entry each: the booking form, the contact
 * form (/contact and /contact1), the newsletter, the signup, the visa form and the documents
 * attached to an application. The line beside each form's submit button links to the notice.
 */
export const PRIVACY_FORMS = ['booking', 'contact', 'newsletter', 'signup', 'visa-form', 'documents'] as const;

/** The rights the Nigeria Data Protection Act 2023 gives (ss.34-38), one entry each in the notice. */
export const PRIVACY_RIGHTS = ['access', 'rectification', 'erasure', 'portability', 'objection', 'withdrawal'] as const;

/** The lawful bases the notice names for a form (NDPA 2023 s.25), as a reader reads them. */
export const LAWFUL_BASES = ['Consent', 'Contract', 'Legal obligation', 'Legitimate interests'] as const;

/** A list that holds one item for each of `keys`, told apart by the item's `field`: none missing, none twice. */
function oneEach(keys: readonly string[], field: string) {
  return (items: Record<string, unknown>[], context: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      if (seen.has(item[field])) context.addIssue({ code: 'custom', path: [index, field], message: `"${String(item[field])}" is listed twice` });
      seen.add(item[field]);
    });
    const missing = keys.filter((key) => !seen.has(key));
    if (missing.length > 0) context.addIssue({ code: 'custom', path: [], message: `must have an entry for each of ${keys.join(', ')}; missing: ${missing.join(', ')}` });
  };
}

/**
 * The notice's version, like 1.0: raised whenever its meaning changes. A newsletter sign-up records
 * the version shown beside the form (newsletter_subscribers.consent_notice_version).
 */
export const noticeVersion = z.string().regex(/^\d{1,3}\.\d{1,3}$/, 'must be a version like 1.0 or 2.3: raise it whenever the notice changes its meaning');

/** A link of the notice: a page of this site, an https address or an email address (mailto:). */
const noticeLink = z.object({
  label: z.string().min(2).max(60),
  href: z.string().regex(/^(\/|https:\/\/|mailto:)/, 'must be a page of this site (starting with /), an https:// address or mailto: and an email address'),
});

/**
 * The privacy notice at /privacy (content/privacy/notice.mdx): what each form collects, why and on
 * what lawful basis, who receives it, the rights and how to use them, and where to complain. The
 * data-protection contact is in the site settings; the retention periods in
 * content/privacy/retention.json. The MDX body is the rest of the notice (cookies, security, changes).
 */
export const privacyNoticeSchema = () =>
  z.object({
    title: z.string().min(5).max(80),
    /** The summary search engines show. */
    description: z.string().min(50).max(160),
    version: noticeVersion,
    /** The day this version took effect. */
    effective: publicationDate,
    lead: z.string().min(20).max(400),
    forms: z
      .array(
        z.object({
          form: z.enum(PRIVACY_FORMS),
          name: z.string().min(3).max(80),
          collects: z.string().min(10),
          purpose: z.string().min(10),
          basis: z.enum(LAWFUL_BASES),
        }),
      )
      .superRefine(oneEach(PRIVACY_FORMS, 'form')),
    recipients: z.array(z.object({ name: z.string().min(2).max(80), role: z.string().min(10), location: z.string().min(2).max(120) })).min(1),
    /** That data may be stored outside Nigeria, and what protects it there. */
    transfers: z.string().min(20),
    /** How long what the retention table does not list is kept (an account while it exists...). */
    keeping: z.string().min(20),
    rights: z
      .array(
        z.object({
          right: z.enum(PRIVACY_RIGHTS),
          name: z.string().min(3).max(60),
          description: z.string().min(10),
          how: z.string().min(10),
          /** Where to go to use it (required: the CMS cannot leave out an object whose fields are required). */
          link: noticeLink,
        }),
      )
      .superRefine(oneEach(PRIVACY_RIGHTS, 'right')),
    complaint: z.string().min(20),
    regulator: z.object({ name: z.string().min(5).max(80), href: z.url() }),
  });
export type PrivacyNotice = z.infer<ReturnType<typeof privacyNoticeSchema>>;

/** The units a retention period is counted in: what a Postgres interval reads (`180 days`, `2 years`). */
export const RETENTION_UNITS = ['days', 'months', 'years'] as const;

/**
 * One retention rule (content/privacy/retention.json, one item each kind of data): its key, what
 * it keeps, for how long (`period` `unit` from the moment `after` names) and what happens then.
 * The database's rules hold the same key, period and unit (docs/privacy.md).
 */
export const retentionRuleSchema = () =>
  z.object({
    id: z.string().regex(/^[a-z]+(_[a-z]+)*$/, 'must be lower-case words joined by underscores, like unverified_accounts'),
    data: z.string().min(5).max(120),
    period: z.number().int().min(1).max(3650),
    unit: z.enum(RETENTION_UNITS),
    after: z.string().min(5).max(160),
    then: z.string().min(5).max(200),
  });
export type RetentionRule = z.infer<ReturnType<typeof retentionRuleSchema>>;
