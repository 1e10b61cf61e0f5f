// The people and partners behind the consultancy: team members and media partners.
import { getCollection, type CollectionEntry } from 'astro:content';
import { byPosition } from './order.ts';
import { toPicture, type Picture } from '../pictures/picture.ts';

/** A team member card. */
export type TeamMemberView = Omit<CollectionEntry<'team'>['data'], 'image'> & { image: Picture };

/** A media partner card with its external website. */
export type PartnerView = Omit<CollectionEntry<'partners'>['data'], 'logo'> & { logo: Picture };

/** The team, in id order. */
export async function getTeam(): Promise<TeamMemberView[]> {
  const entries = await getCollection('team');
  return entries.map(({ data }) => ({ ...data, image: toPicture(data.image) })).sort((a, b) => a.id - b.id);
}

/** The media partners, in file order. */
export async function getPartners(): Promise<PartnerView[]> {
  const entries = await getCollection('partners');
  return entries.map(({ data }) => ({ ...data, logo: toPicture(data.logo) })).sort(byPosition);
}
