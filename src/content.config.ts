// Every content collection and its schema. Editors change files under content/ only; a file that
// breaks a schema fails `astro build` with the file and the field named. Files whose names start
// with an underscore are drafts and are skipped by the loaders.
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { VISA_TYPES } from './lib/domain';
import {
  VISA_ICONS,
  settingsSchema,
  testimonialSchema,
  videoSchema,
  faqSchema,
  processStepSchema,
  testPrepSchema,
} from './lib/content/schemas';

// The content root is configurable so tests can build a broken copy of the content without touching
// the real one; everything else uses ./content.
const root = (process.env['CONTENT_DIR'] ?? './content').replace(/\/+$/, '');

const mdx = (folder: string) => glob({ pattern: ['**/[^_]*.{md,mdx}'], base: `${root}/${folder}` });
const json = (name: string) => file(`${root}/${name}.json`);

/** A picture with the alternative text a screen reader announces. */
const picture = (image: () => z.ZodTypeAny) =>
  z.object({ src: image(), alt: z.string().min(3) });

const visas = defineCollection({
  loader: mdx('visas'),
  schema: ({ image }) =>
    z.object({
      id: z.number().int().min(1).max(6),
      type: z.enum(VISA_TYPES),
      description: z.string().min(20).max(300),
      icon: z.enum(VISA_ICONS),
      backgroundImage: picture(image),
      /** Short facts shown as a list on the detail page (processing time, validity, documents). */
      details: z.array(z.string().min(3)).min(3),
      /** An external chat link; a visa with one opens it instead of its detail page. */
      link: z.url().optional(),
    }),
});

const countries = defineCollection({
  loader: mdx('countries'),
  schema: ({ image }) =>
    z.object({
      id: z.number().int().min(1).max(10),
      name: z.string().min(2),
      /** ISO 3166-1 alpha-2 code; the flag is drawn from a maintained flag package. */
      flag: z.string().regex(/^[A-Z]{2}$/),
      images: z
        .array(z.object({ src: image(), alt: z.string().min(3), placeName: z.string().min(2) }))
        .min(1),
      descriptions: z.array(z.string().min(40)).length(3),
      visaTypes: z.array(z.enum(VISA_TYPES)).min(1),
      visaFree: z.string().min(20),
    }),
});

const services = defineCollection({
  loader: mdx('services'),
  schema: ({ image }) =>
    z.object({
      id: z.number().int().min(1).max(5),
      title: z.string().min(3),
      description: z.string().min(20).max(300),
      image: picture(image),
    }),
});

const servicePages = defineCollection({
  loader: mdx('service-pages'),
  schema: ({ image }) =>
    z.object({
      title: z.string().min(3),
      description: z.string().min(20),
      images: z.array(z.object({ src: image(), alt: z.string().min(3), caption: z.string().min(2) })).min(1),
      link: z.object({ label: z.string().min(2), href: z.string().min(1) }),
      highlights: z.array(z.string().min(3)).min(1),
      testimonials: z.array(z.object({ name: z.string().min(2), review: z.string().min(10) })).min(1),
      pricing: z.string().min(3),
      order: z.number().int(),
    }),
});

const news = defineCollection({
  loader: mdx('news'),
  schema: ({ image }) =>
    z.object({
      id: z.number().int().min(1),
      title: z.string().min(5),
      /** The teaser on the news card (the specification's `content`). */
      content: z.string().min(20).max(300),
      image: picture(image),
      published: z.coerce.date(),
    }),
});

const team = defineCollection({
  loader: mdx('team'),
  schema: ({ image }) =>
    z.object({
      id: z.number().int().min(1),
      name: z.string().min(2),
      role: z.string().min(2),
      image: picture(image),
      description: z.string().min(20),
    }),
});

const continents = defineCollection({
  loader: json('continents'),
  schema: ({ image }) =>
    z.object({
      id: z.string(),
      name: z.string().min(2),
      description: z.string().min(20),
      image: picture(image),
      keyPoints: z.array(z.string().min(3)).min(1),
    }),
});

const partners = defineCollection({
  loader: json('partners'),
  schema: ({ image }) =>
    z.object({
      id: z.string(),
      name: z.string().min(2),
      description: z.string().min(20),
      logo: picture(image),
      website: z.url(),
    }),
});

const testimonials = defineCollection({
  loader: json('testimonials'),
  schema: ({ image }) => testimonialSchema.extend({ image: picture(image) }),
});

const videos = defineCollection({
  loader: json('videos'),
  schema: ({ image }) => videoSchema.extend({ poster: picture(image) }),
});

const faq = defineCollection({ loader: json('faq'), schema: faqSchema });
// Named processSteps in code because `process` would shadow Node's global; the collection is `process`.
const processSteps = defineCollection({ loader: json('process'), schema: processStepSchema });
const testPrep = defineCollection({ loader: json('test-prep'), schema: testPrepSchema });
// site.json holds one object (easier to edit than a one-item list); the loader wraps it so the
// collection has the single entry `site`.
const settings = defineCollection({
  loader: file(`${root}/site.json`, { parser: (text) => [{ ...JSON.parse(text), id: 'site' }] }),
  schema: settingsSchema,
});

export const collections = {
  visas,
  countries,
  services,
  servicePages,
  news,
  team,
  continents,
  partners,
  testimonials,
  videos,
  faq,
  process: processSteps,
  testPrep,
  settings,
};
