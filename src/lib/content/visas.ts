// Visa types as pages use them: sorted by id, with their routes and whether they open a chat.
import { getCollection, type CollectionEntry } from 'astro:content';
import { visaTypeSlug, type VisaType } from '../../../common/domain.ts';
import { visaFormHref, visaHref } from './links.ts';
import { toPicture, type Picture } from '../pictures/picture.ts';
import type { ChecklistItem } from './schemas.ts';

/** A visa type ready to render: list card, detail page and apply link. */
export interface VisaView {
  id: number;
  type: VisaType;
  slug: string;
  description: string;
  icon: CollectionEntry<'visas'>['data']['icon'];
  image: Picture;
  details: string[];
  /** The documents to attach (the visa page's checklist, and the visa form's beside the upload area). */
  documents: ChecklistItem[];
  /** Where the list card leads: the external chat for a visa with a link, else its detail page. */
  href: string;
  external: boolean;
  detailHref: string;
  applyHref: string;
  entry: CollectionEntry<'visas'>;
}

/** Every visa type, in id order. */
export async function getVisas(): Promise<VisaView[]> {
  const entries = await getCollection('visas');
  return entries
    .map((entry): VisaView => {
      const { data } = entry;
      return {
        id: data.id,
        type: data.type,
        slug: visaTypeSlug(data.type),
        description: data.description,
        icon: data.icon,
        image: toPicture(data.backgroundImage),
        details: data.details,
        documents: data.documents,
        href: data.link ?? visaHref(data.id),
        external: Boolean(data.link),
        detailHref: visaHref(data.id),
        applyHref: visaFormHref(data.type),
        entry,
      };
    })
    .sort((a, b) => a.id - b.id);
}

/** The visa of a type, for country pages that link their visa types to detail pages. */
export function visaByType(visas: VisaView[], type: string): VisaView | undefined {
  return visas.find((visa) => visa.type === type);
}

/** One item of a checklist as the browser uses it: key, name and whether it is optional. */
export type ChecklistEntry = Pick<ChecklistItem, 'key' | 'name' | 'optional'>;

/**
 * Each visa type's checklist, as the visa form, the profile and the admin read it
 * (/data/visa-checklists.json), without the details the visa page shows.
 */
export type VisaChecklists = Partial<Record<VisaType, ChecklistEntry[]>>;

/** Each visa type's checklist for the browser, without the details the visa page shows. */
export function visaChecklists(visas: VisaView[]): VisaChecklists {
  return Object.fromEntries(visas.map((visa) => [visa.type, visa.documents.map(({ key, name, optional }) => ({ key, name, optional }))]));
}
