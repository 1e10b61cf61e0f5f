// The shipped content as the browser tests read it, validated with the build's schemas, so a test
// asks for "the FAQ's questions" or "Business Visa's page" and holds whatever an editor changes.
// What the specification fixes is pinned once, in tests/content/shipped-content.test.ts.
import { loadJsonCollection, loadMdxCollection, loadSettings } from '../../content/content-files.ts';
import { COLLECTIONS } from '../../../src/lib/content/collections.ts';

const byId = <T extends { data: { id: number } }>(entries: T[]) => [...entries].sort((a, b) => a.data.id - b.data.id);

export const content = {
  /** Visa files in id order (the order of /visa and the footer). */
  visas: byId(loadMdxCollection(COLLECTIONS.visas)),
  /** Country files in id order (the home page's grid). */
  countries: byId(loadMdxCollection(COLLECTIONS.countries)),
  services: byId(loadMdxCollection(COLLECTIONS.services)),
  servicePages: loadMdxCollection(COLLECTIONS.servicePages),
  team: loadMdxCollection(COLLECTIONS.team),
  continents: loadJsonCollection(COLLECTIONS.continents),
  partners: loadJsonCollection(COLLECTIONS.partners),
  videos: loadJsonCollection(COLLECTIONS.videos),
  faq: loadJsonCollection(COLLECTIONS.faq),
  testPrep: loadJsonCollection(COLLECTIONS.testPrep),
  settings: loadSettings(),
  /** The privacy notice (content/privacy/notice.mdx) and its retention periods. */
  privacy: loadMdxCollection(COLLECTIONS.privacy)[0]!,
  retention: loadJsonCollection(COLLECTIONS.retention),
};

/** The detail page of the visa of a type (`/visa/{its id}`). */
export function visaPath(type: string): string {
  const visa = content.visas.find((entry) => entry.data.type === type);
  if (!visa) throw new Error(`no visa file has the type ${type}`);
  return `/visa/${visa.data.id}`;
}
