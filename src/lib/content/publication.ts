// When a news item is on the published site: the one rule for drafts and scheduled posts
// (docs/content.md, "Drafts and scheduled posts"). A draft (`draft: true`) never is; an item whose
// `published` day is after today in Lagos (the consultancy's one "today", common/domain.ts) is
// scheduled and appears with the first build on or after that day (the daily rebuild just after
// midnight Lagos time, docs/deploy.md). Pages, lists, the sitemap and the RSS feed all read news
// through getNews (src/lib/content/news.ts), which applies this. No Astro imports: tests use it as is.
import { consultancyToday } from '../../../common/domain.ts';

/** Where a news item stands on a given day. */
export type PublicationState = 'published' | 'scheduled' | 'draft';

/** An item's state on `today` (YYYY-MM-DD in Lagos); `published` is its YYYY-MM-DD day. */
export function publicationState(item: { draft: boolean; published: string }, today: string = consultancyToday()): PublicationState {
  if (item.draft) return 'draft';
  return item.published > today ? 'scheduled' : 'published';
}

/**
 * True when the site being built shows drafts and scheduled items, marked as such: always under
 * `astro dev`, and in a build only with SHOW_UNPUBLISHED=true (a deploy preview's build, never
 * production's). `dev` is true under `astro dev`, `flag` the SHOW_UNPUBLISHED variable.
 */
export function showsUnpublished(dev: boolean, flag: string | undefined): boolean {
  return dev || flag === 'true';
}

/** The mark a draft or scheduled item carries where it shows; `label` is its day as readers see it. */
export function unpublishedNote(state: Exclude<PublicationState, 'published'>, label: string): string {
  return state === 'draft' ? 'Draft: not on the published site' : `Scheduled: published on ${label}, Lagos time`;
}
