// Schema pieces for the JSON collections that need no image() context, and the site settings.
// Kept apart from src/content.config.ts so unit tests and scripts can import them without Astro.
import { z } from 'astro/zod';

/** Icon names a visa may use; src/components/VisaIcon.astro draws each one. */
export const VISA_ICONS = ['plane', 'alarm', 'rings', 'home', 'briefcase', 'calendar'] as const;

export const testimonialSchema = z.object({
  id: z.number().int().min(1),
  text: z.string().min(20),
  name: z.string().min(2),
  country: z.string().min(2),
});

export const videoSchema = z.object({
  id: z.number().int().min(1),
  name: z.string().min(2),
  testimony: z.string().min(10),
  /** A site-relative path under public/ (tests run offline; nothing is hot-linked). */
  videoUrl: z.string().regex(/^\/videos\/[\w.-]+\.(mp4|webm)$/),
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
    email: z.email(),
    address: z.string().min(5),
    hours: z.string().min(5),
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
});
export type Settings = z.infer<typeof settingsSchema>;
