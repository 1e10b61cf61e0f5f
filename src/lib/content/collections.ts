// Every content collection, once: its name, its folder or file, its schema (./schemas.ts), the
// fields each entry must not share with another, and what the CMS (/cms/, Decap CMS) shows of it.
// Everything maps over this table: the site's collections (src/content.config.ts), the CMS's
// configuration (./cms/config.ts), the checks across files (./checks.ts) and the content tests.
// The schemas say what a field accepts (type, required, lengths, patterns, allowed values); the
// CMS part says only what a schema cannot: the words an editor reads (a label and a hint of prose
// for every field; the limits are the schema's), and what the specification fixes (no creating
// or deleting where it gives counts, fields shown but never changed, fields not offered).
import type { z } from 'astro/zod';
import {
  continentSchema,
  countrySchema,
  faqSchema,
  newsSchema,
  partnerSchema,
  privacyNoticeSchema,
  processStepSchema,
  retentionRuleSchema,
  servicePageSchema,
  serviceSchema,
  settingsSchema,
  teamMemberSchema,
  testimonialSchema,
  testPrepSchema,
  videoSchema,
  visaSchema,
  type ImageHelper,
} from './schemas.ts';

/** What an editor reads about a field: a label and one line of help under it. */
export interface FieldText {
  label: string;
  hint: string;
}

/** A field's words, keyed by its path (`image.alt`; a list's items by the list's name: `documents.key`). */
export type FieldTexts = Record<string, FieldText>;

interface CollectionBase {
  /**
   * Fields whose value each entry has alone (ids are addresses; a visa's type names its forms),
   * which one entry's schema cannot see: the build refuses a repeat, naming both entries.
   */
  unique: string[];
  label: string;
  labelSingular: string;
  description: string;
  schema: (image: ImageHelper) => z.ZodObject;
  /** The folder of its pictures under content/images/, when it has any. */
  images?: string;
  /**
   * Fields shown but never changed once the entry exists: ids and types (the addresses and the
   * names the forms and files use) and checklist keys (the folders of applicants' files).
   */
  fixed?: string[];
  /** Fields not offered at all (behaviour constants, the copyright year): the file keeps them as they are. */
  hidden?: string[];
  /** A list of allowed values that is another collection's field: a pick-list of the entries that exist. */
  relations?: Record<string, { collection: string; field: string }>;
  fields: FieldTexts;
}

/** An MDX folder: one file an entry, whose body is the page's long text. */
export interface FolderCollection extends CollectionBase {
  kind: 'folder';
  folder: string;
  /** Whether editors may add and delete entries (false where the specification gives the count). */
  create: boolean;
  delete: boolean;
  /** The entry's field shown in the list and used to name a new file. */
  identifier: string;
  /** The page of an entry, for the CMS's "view live" link ({{slug}} is the file name). */
  previewPath?: string;
  /** The line each entry shows in the list (Decap's template); the identifier alone when unset. */
  listSummary?: string;
  /** The field the list is sorted by first, and which way. */
  sortBy?: { field: string; direction: 'asc' | 'desc' };
  body: FieldText;
}

/** A JSON file holding a list: one entry an item. */
export interface ListCollection extends CollectionBase {
  kind: 'list';
  file: string;
  /** Whether editors may add and remove items (false where the specification gives the count). */
  create: boolean;
  /** The item's field shown as its summary in the list. */
  identifier: string;
}

/** A JSON file holding one object. */
export interface ObjectCollection extends CollectionBase {
  kind: 'object';
  file: string;
}

/** A collection as the table below defines it (its name is its key there). */
export type CollectionDefinition = FolderCollection | ListCollection | ObjectCollection;

/** A collection with its name (the name of src/content.config.ts and of the CMS). */
export type CmsCollection = CollectionDefinition & { name: string };

const id = (what: string): FieldText => ({ label: 'Id', hint: `The ${what}'s number; set once, never changed (addresses and links use it).` });
const picture = (what: string): FieldTexts => ({
  '': { label: 'Picture', hint: `The ${what}'s picture: upload a .webp, .jpg or .png.` },
  src: { label: 'File', hint: 'The picture file, stored under content/images/.' },
  alt: { label: 'Description (alt text)', hint: 'What the picture shows, for people who cannot see it.' },
});
/** Prefixes each key of a field group with the field's name (`image` + `alt` = `image.alt`). */
const under = (prefix: string, texts: FieldTexts): FieldTexts =>
  Object.fromEntries(Object.entries(texts).map(([key, text]) => [key ? `${prefix}.${key}` : prefix, text]));

/** Every collection, in the order the CMS lists them: what editors change most comes first. */
export const COLLECTIONS = {
  news: {
    kind: 'folder',
    unique: ['id'],
    label: 'News',
    labelSingular: 'News item',
    description: 'Articles of /news-media, each at /news/{file name}. Newest first.',
    folder: 'news',
    schema: newsSchema,
    images: 'news',
    create: true,
    delete: true,
    identifier: 'title',
    previewPath: 'news/{{slug}}',
    // The date, the number and a draft's mark on every line (src/cms/news-list.ts adds "Scheduled"
    // to a date after today in Lagos, which a template cannot compare).
    listSummary: "{{published}} · No. {{id}} · {{title}}{{draft | ternary(' · Draft: not on the site', '')}}",
    sortBy: { field: 'published', direction: 'desc' },
    fixed: ['id'],
    fields: {
      id: id('news item'),
      title: { label: 'Title', hint: 'The headline.' },
      content: { label: 'Teaser', hint: 'The short text on the news card.' },
      ...under('image', picture('article')),
      published: { label: 'Publication date', hint: 'The date shown on the article (a date, never a time).' },
      draft: { label: 'Draft', hint: 'A draft is not published: switch it off when the article is ready.' },
    },
    body: { label: 'Article', hint: 'The article in Markdown: ## for a heading, a blank line between paragraphs.' },
  },
  visas: {
    kind: 'folder',
    unique: ['id', 'type'],
    label: 'Visas',
    labelSingular: 'Visa',
    description: 'The six visa types of the specification, each at /visa/{id}: texts and document checklists.',
    folder: 'visas',
    schema: visaSchema,
    images: 'visas',
    create: false,
    delete: false,
    identifier: 'type',
    previewPath: 'visa/{{fields.id}}',
    fixed: ['id', 'type', 'documents.key'],
    fields: {
      id: id('visa'),
      type: { label: 'Visa type', hint: 'One of the six types of the specification; the forms use it, so it never changes.' },
      description: { label: 'Description', hint: 'The text of the visa card.' },
      icon: { label: 'Icon', hint: 'The drawing on the visa card.' },
      ...under('backgroundImage', picture('visa card')),
      details: { label: 'Key facts', hint: 'Short facts listed on the visa page (processing time, validity...).' },
      documents: { label: 'Document checklist', hint: 'What an applicant attaches, item by item.' },
      'documents.key': { label: 'Key', hint: "The item's permanent key (lower-case words joined by hyphens). Set once: applicants' files are kept under it." },
      'documents.name': { label: 'Document', hint: 'What to attach, as applicants read it.' },
      'documents.detail': { label: 'Detail', hint: 'One short hint under the name (optional).' },
      'documents.optional': { label: 'Optional', hint: 'On for a document that helps but is not asked of everyone.' },
      link: { label: 'Chat link', hint: 'Optional: an https address; a visa with one opens it instead of its page.' },
    },
    body: { label: 'Guidance', hint: 'The long text of the visa page, in Markdown.' },
  },
  countries: {
    kind: 'folder',
    unique: ['id'],
    label: 'Countries',
    labelSingular: 'Country',
    description: 'Destination countries, each at /country/{id}.',
    folder: 'countries',
    schema: countrySchema,
    images: 'countries',
    create: true,
    delete: false,
    identifier: 'name',
    previewPath: 'country/{{fields.id}}',
    fixed: ['id'],
    relations: { visaTypes: { collection: 'visas', field: 'type' } },
    fields: {
      id: id('country'),
      name: { label: 'Name', hint: "The country's name as visitors read it." },
      flag: { label: 'Flag code', hint: 'The two-letter ISO code in capitals (GB, US, NG); the flag is drawn from it.' },
      images: { label: 'Gallery', hint: 'Pictures of the country.' },
      'images.src': picture('place').src!,
      'images.alt': picture('place').alt!,
      'images.placeName': { label: 'Place', hint: 'The place the picture shows, as its caption.' },
      descriptions: { label: 'Paragraphs', hint: 'The paragraphs of the country page.' },
      visaTypes: { label: 'Visa types', hint: 'The visas offered for this country: pick from the existing visas.' },
      visaFree: { label: 'Visa-free note', hint: 'Who may travel without a visa.' },
    },
    body: { label: 'Page text', hint: 'Any further text of the country page, in Markdown.' },
  },
  services: {
    kind: 'folder',
    unique: ['id'],
    label: 'Services',
    labelSingular: 'Service',
    description: 'The service cards of /services, each at /services/{id}.',
    folder: 'services',
    schema: serviceSchema,
    images: 'services',
    create: false,
    delete: false,
    identifier: 'title',
    previewPath: 'services/{{fields.id}}',
    fixed: ['id'],
    fields: {
      id: id('service'),
      title: { label: 'Title', hint: 'The name of the service.' },
      description: { label: 'Description', hint: 'The text of the card.' },
      ...under('image', picture('service')),
    },
    body: { label: 'Page text', hint: 'The long text of the service page, in Markdown.' },
  },
  servicePages: {
    kind: 'folder',
    unique: ['order'],
    label: 'Service pages',
    labelSingular: 'Service page',
    description: 'The six pages at /service-details/{file name}.',
    folder: 'service-pages',
    schema: servicePageSchema,
    images: 'service-pages',
    create: false,
    delete: false,
    identifier: 'title',
    previewPath: 'service-details/{{slug}}',
    fixed: ['order'],
    fields: {
      title: { label: 'Title', hint: 'The heading of the page.' },
      description: { label: 'Introduction', hint: 'The first paragraph.' },
      images: { label: 'Pictures', hint: 'Pictures, each with a caption.' },
      'images.src': picture('page').src!,
      'images.alt': picture('page').alt!,
      'images.caption': { label: 'Caption', hint: 'The line under the picture.' },
      link: { label: 'Learn More link', hint: 'The button at the end of the page.' },
      'link.label': { label: 'Button text', hint: 'The words on the button.' },
      'link.href': { label: 'Address', hint: 'A page of this site (/contact) or an https address.' },
      highlights: { label: 'Highlights', hint: 'Short points listed on the page.' },
      testimonials: { label: 'Testimonials', hint: 'What customers said.' },
      'testimonials.name': { label: 'Name', hint: "The customer's name." },
      'testimonials.review': { label: 'Review', hint: 'What they said.' },
      pricing: { label: 'Price', hint: 'As customers read it, e.g. "from $200 per itinerary".' },
      order: { label: 'Order', hint: "The page's place in lists; fixed." },
    },
    body: { label: 'Page text', hint: 'Further text of the page, in Markdown.' },
  },
  team: {
    kind: 'folder',
    unique: ['id'],
    label: 'Team',
    labelSingular: 'Team member',
    description: 'The four team members of /team.',
    folder: 'team',
    schema: teamMemberSchema,
    images: 'team',
    create: false,
    delete: false,
    identifier: 'name',
    fixed: ['id'],
    fields: {
      id: id('team member'),
      name: { label: 'Name', hint: 'Full name.' },
      role: { label: 'Role', hint: 'The job title shown under the name.' },
      ...under('image', picture('portrait')),
      description: { label: 'About', hint: 'A few lines about the person.' },
    },
    body: { label: 'More', hint: 'Optional longer text, in Markdown.' },
  },
  continents: {
    kind: 'list',
    unique: ['id'],
    label: 'Continents',
    labelSingular: 'Continent',
    description: 'The continents of the services page.',
    file: 'continents.json',
    schema: continentSchema,
    images: 'continents',
    create: false,
    identifier: 'name',
    fixed: ['id'],
    fields: {
      id: { label: 'Id', hint: "The continent's key; fixed." },
      name: { label: 'Name', hint: 'The words on the button.' },
      description: { label: 'Description', hint: 'The text under the name.' },
      ...under('image', picture('continent')),
      keyPoints: { label: 'Key points', hint: 'Short points listed under the text.' },
    },
  },
  partners: {
    kind: 'list',
    unique: ['id'],
    label: 'Media partners',
    labelSingular: 'Partner',
    description: 'The media partners of /world-media.',
    file: 'partners.json',
    schema: partnerSchema,
    images: 'partners',
    create: false,
    identifier: 'name',
    fixed: ['id'],
    fields: {
      id: { label: 'Id', hint: "The partner's key; fixed." },
      name: { label: 'Name', hint: 'The words on the button.' },
      description: { label: 'Description', hint: 'The text under the name.' },
      ...under('logo', picture('logo')),
      website: { label: 'Website', hint: 'Its https address.' },
    },
  },
  testimonials: {
    kind: 'list',
    unique: ['id'],
    label: 'Testimonials',
    labelSingular: 'Testimonial',
    description: 'The home page carousel.',
    file: 'testimonials.json',
    schema: testimonialSchema,
    images: 'testimonials',
    create: true,
    identifier: 'name',
    fixed: ['id'],
    fields: {
      id: id('testimonial'),
      text: { label: 'Testimonial', hint: 'What the customer said.' },
      name: { label: 'Name', hint: "The customer's name." },
      country: { label: 'Country', hint: 'Where they went.' },
      ...under('image', picture('portrait')),
    },
  },
  videos: {
    kind: 'list',
    unique: ['id'],
    label: 'Testimony videos',
    labelSingular: 'Video',
    description: 'The videos of the home page; the video files themselves are added by a developer (public/videos/).',
    file: 'videos.json',
    schema: videoSchema,
    images: 'videos',
    create: false,
    identifier: 'name',
    fixed: ['id', 'videoUrl'],
    fields: {
      id: id('video'),
      name: { label: 'Name', hint: "The customer's name." },
      testimony: { label: 'Testimony', hint: 'A line about the story.' },
      videoUrl: { label: 'Video file', hint: 'The file under public/videos/; fixed.' },
      ...under('poster', picture('poster')),
    },
  },
  faq: {
    kind: 'list',
    unique: ['id'],
    label: 'FAQ',
    labelSingular: 'Question',
    description: 'The questions and answers of the home page.',
    file: 'faq.json',
    schema: () => faqSchema,
    create: false,
    identifier: 'question',
    fixed: ['id'],
    fields: {
      id: { label: 'Id', hint: "The question's key; fixed." },
      question: { label: 'Question', hint: 'As a visitor would ask it.' },
      answer: { label: 'Answer', hint: 'The answer shown when the question is opened.' },
    },
  },
  process: {
    kind: 'list',
    unique: ['id', 'step'],
    label: 'Process steps',
    labelSingular: 'Step',
    description: 'The steps of "how it works" on the home page.',
    file: 'process.json',
    schema: () => processStepSchema,
    create: false,
    identifier: 'title',
    fixed: ['id', 'step'],
    fields: {
      id: { label: 'Id', hint: "The step's key; fixed." },
      step: { label: 'Step', hint: "The step's number; fixed." },
      title: { label: 'Title', hint: 'The name of the step.' },
      description: { label: 'Description', hint: 'The text under the name.' },
    },
  },
  testPrep: {
    kind: 'list',
    unique: ['id'],
    label: 'Test preparation',
    labelSingular: 'Test',
    description: 'The test-preparation cards of the home page.',
    file: 'test-prep.json',
    schema: () => testPrepSchema,
    create: false,
    identifier: 'name',
    fixed: ['id', 'name'],
    fields: {
      id: { label: 'Id', hint: "The card's key; fixed." },
      name: { label: 'Test', hint: 'The test of the specification; fixed.' },
      description: { label: 'Description', hint: 'The text under the name.' },
      highlights: { label: 'Highlights', hint: 'Short points listed on the card.' },
    },
  },
  settings: {
    kind: 'object',
    unique: [],
    label: 'Site settings',
    labelSingular: 'Settings',
    description: 'Contact details, links and who is emailed about new leads.',
    file: 'site.json',
    schema: () => settingsSchema,
    hidden: ['id', 'copyrightYear', 'timings'],
    fields: {
      name: { label: 'Site name', hint: "The consultancy's full name." },
      shortName: { label: 'Short name', hint: 'The name where space is short (the logo, the phone home screen).' },
      tagline: { label: 'Tagline', hint: 'The line under the name on the home page.' },
      description: { label: 'Description for search engines', hint: 'The summary search engines show under the name.' },
      contact: { label: 'Contact details', hint: 'Shown in the footer, on /contact and in the emails. The office hours are not here: staff set them in /admin (Bookings, Weekly hours), where they also decide the times visitors can book.' },
      'contact.phone': { label: 'Phone', hint: 'As visitors dial it, e.g. +234 1 280 4417.' },
      'contact.whatsapp': { label: 'WhatsApp', hint: 'The WhatsApp number.' },
      'contact.email': { label: 'Email', hint: 'One address, like hello@example.com.' },
      'contact.address': { label: 'Address', hint: 'The office address on one line.' },
      chatLink: { label: 'Chat link', hint: 'The https address of "talk to an agency" (also Emergency Visa).' },
      social: { label: 'Social links', hint: 'The pages of the consultancy on social networks.' },
      'social.name': { label: 'Network', hint: 'Facebook, Instagram, X...' },
      'social.href': { label: 'Address', hint: 'The https address of the page.' },
      notifications: { label: 'Notifications', hint: 'Who is emailed about new bookings, messages and applications.' },
      'notifications.staff': { label: 'Staff addresses', hint: 'One email address an item; each gets its own message. A change takes effect only after a developer redeploys the notification function (it is never published on the site): publishing here alone changes nothing.' },
      dataProtection: { label: 'Data-protection contact', hint: 'Who answers questions and requests about personal data; the privacy notice (/privacy) shows them.' },
      'dataProtection.name': { label: 'Name or role', hint: 'A person or a role, e.g. "Data Protection Officer".' },
      'dataProtection.email': { label: 'Data-protection email', hint: 'One address that is read every working day: requests must be answered within the law’s time.' },
      'dataProtection.phone': { label: 'Data-protection phone', hint: 'As visitors dial it, e.g. +234 1 280 4417.' },
    },
  },
  privacy: {
    kind: 'folder',
    unique: [],
    label: 'Privacy notice',
    labelSingular: 'Privacy notice',
    description: 'The privacy notice at /privacy. Raise its version whenever its meaning changes: newsletter sign-ups record the version they agreed to. The contact is in Site settings, the periods in Retention periods.',
    folder: 'privacy',
    schema: privacyNoticeSchema,
    create: false,
    delete: false,
    identifier: 'title',
    previewPath: 'privacy',
    fixed: ['forms', 'forms.form', 'rights', 'rights.right'],
    fields: {
      title: { label: 'Title', hint: 'The heading of the page.' },
      description: { label: 'Description for search engines', hint: 'The summary search engines show.' },
      version: { label: 'Version', hint: 'Like 1.0; raise it (1.1, 2.0) whenever the notice changes what it says we do.' },
      effective: { label: 'In effect from', hint: 'The day this version took effect.' },
      lead: { label: 'Introduction', hint: 'The first paragraph: who we are and what this notice is.' },
      forms: { label: 'What each form collects', hint: 'One entry for each form of the site; the list is fixed.' },
      'forms.form': { label: 'Form', hint: 'Which form the entry describes; fixed.' },
      'forms.name': { label: 'Name', hint: 'The form as visitors know it, and where it is.' },
      'forms.collects': { label: 'What it collects', hint: 'Every field the form asks for.' },
      'forms.purpose': { label: 'Why', hint: 'What we use it for, and nothing else.' },
      'forms.basis': { label: 'Lawful basis', hint: 'The ground the law allows us to use it on.' },
      recipients: { label: 'Who receives it', hint: 'The providers that hold or carry the data for us.' },
      'recipients.name': { label: 'Provider', hint: 'The provider’s name.' },
      'recipients.role': { label: 'What it does', hint: 'What it holds or carries for us.' },
      'recipients.location': { label: 'Where', hint: 'Where it keeps the data.' },
      transfers: { label: 'Outside Nigeria', hint: 'That data may be stored outside Nigeria, and what protects it there.' },
      keeping: { label: 'How long we keep the rest', hint: 'What the table of retention periods (Retention periods) does not list: an account while it exists, and so on.' },
      rights: { label: 'Your rights', hint: 'One entry for each right the law gives; the list is fixed.' },
      'rights.right': { label: 'Right', hint: 'Which right the entry describes; fixed.' },
      'rights.name': { label: 'Name', hint: 'The right as readers know it.' },
      'rights.description': { label: 'What it means', hint: 'The right in one or two sentences.' },
      'rights.how': { label: 'How to use it', hint: 'What to do on the site, or whom to write to.' },
      'rights.link': { label: 'Link', hint: 'Where to go to use the right: a page of the site, or the contact on this page (/privacy#notice-contact).' },
      'rights.link.label': { label: 'Link text', hint: 'The words of the link.' },
      'rights.link.href': { label: 'Address', hint: 'A page of this site (/profile), an https address or mailto: and an address.' },
      complaint: { label: 'Complaints', hint: 'The right to complain to the regulator.' },
      regulator: { label: 'Regulator', hint: 'The authority complaints go to.' },
      'regulator.name': { label: 'Name', hint: 'Its name.' },
      'regulator.href': { label: 'Website', hint: 'Its https address.' },
    },
    body: { label: 'More of the notice', hint: 'The rest of the notice in Markdown (## for a heading): cookies, security, changes.' },
  },
  retention: {
    kind: 'list',
    unique: ['id'],
    label: 'Retention periods',
    labelSingular: 'Retention period',
    description: 'How long each kind of data is kept, shown as a table on /privacy. The database applies the same periods: a changed period needs a developer to change the database’s rule too (the tests fail until both agree).',
    file: 'privacy/retention.json',
    schema: retentionRuleSchema,
    create: false,
    identifier: 'data',
    fixed: ['id'],
    fields: {
      id: { label: 'Key', hint: 'The rule’s key, the same in the database; fixed.' },
      data: { label: 'What', hint: 'The kind of data, as readers know it.' },
      period: { label: 'Period', hint: 'How many days, months or years.' },
      unit: { label: 'Unit', hint: 'Days, months or years.' },
      after: { label: 'Counted from', hint: 'The moment the period starts, e.g. "after the application’s decision".' },
      then: { label: 'Then', hint: 'What happens at the end of the period.' },
    },
  },
} satisfies Record<string, CollectionDefinition>;

/** The collections' names. */
export type CollectionName = keyof typeof COLLECTIONS;

/** Every collection with its name, in the table's order. */
export const COLLECTION_LIST: CmsCollection[] = Object.entries(COLLECTIONS).map(([name, collection]) => ({ ...collection, name }));

/** The MDX folders of the collections. */
export const MDX_FOLDERS = COLLECTION_LIST.flatMap((collection) => (collection.kind === 'folder' ? [collection.folder] : []));
