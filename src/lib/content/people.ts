// The people and partners behind the consultancy: team members and media partners.
import { getCollection, type CollectionEntry } from 'astro:content';

/** A team member card. */
export type TeamMemberView = CollectionEntry<'team'>['data'];

/** A media partner card with its external website. */
export type PartnerView = CollectionEntry<'partners'>['data'];

/** The team, in id order. */
export async function getTeam(): Promise<TeamMemberView[]> {
  const entries = await getCollection('team');
  return entries.map((entry) => entry.data).sort((a, b) => a.id - b.id);
}

/** The media partners, in file order. */
export async function getPartners(): Promise<PartnerView[]> {
  const entries = await getCollection('partners');
  return entries.map((entry) => entry.data);
}
