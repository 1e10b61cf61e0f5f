// The shipped content as the browser tests read it, validated with the build's schemas, so a test
// asks for "the FAQ's questions" or "Business Visa's page" and holds whatever an editor changes.
// What the specification fixes is pinned once, in tests/content/shipped-content.test.ts.
import {
  continentSchema,
  countrySchema,
  faqSchema,
  partnerSchema,
  servicePageSchema,
  serviceSchema,
  teamMemberSchema,
  testPrepSchema,
  videoSchema,
  visaSchema,
} from '../../../src/lib/content/schemas.ts';
import { loadJsonCollection, loadMdxCollection, loadSettings } from '../../content/content-files.ts';

const byId = <T extends { data: { id: number } }>(entries: T[]) => [...entries].sort((a, b) => a.data.id - b.data.id);

export const content = {
  /** Visa files in id order (the order of /visa and the footer). */
  visas: byId(loadMdxCollection('visas', visaSchema)),
  /** Country files in id order (the home page's grid). */
  countries: byId(loadMdxCollection('countries', countrySchema)),
  services: byId(loadMdxCollection('services', serviceSchema)),
  servicePages: loadMdxCollection('service-pages', servicePageSchema),
  team: loadMdxCollection('team', teamMemberSchema),
  continents: loadJsonCollection('continents.json', continentSchema),
  partners: loadJsonCollection('partners.json', partnerSchema),
  videos: loadJsonCollection('videos.json', videoSchema),
  faq: loadJsonCollection('faq.json', () => faqSchema),
  testPrep: loadJsonCollection('test-prep.json', () => testPrepSchema),
  settings: loadSettings(),
};

/** The detail page of the visa of a type (`/visa/{its id}`). */
export function visaPath(type: string): string {
  const visa = content.visas.find((entry) => entry.data.type === type);
  if (!visa) throw new Error(`no visa file has the type ${type}`);
  return `/visa/${visa.data.id}`;
}
