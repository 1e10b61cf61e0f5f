// Two things Decap cannot be configured to do, done on its page:
// - The news list marks an item dated after today in Lagos "Scheduled" (it stays off the site
//   until that day's build, src/lib/content/publication.ts). The list's line starts with the date
//   (the summary in src/lib/content/collections.ts); a template cannot compare it with today.
// - An entry opened by its address while another is open (a bookmark, a colleague's link pasted
//   into the same tab) is loaded afresh: Decap keeps the previous entry's editor, showing its body
//   under empty fields, and saving would write one entry's text into the other.
import { consultancyToday } from '../../common/domain.ts';

const SCHEDULED = 'news-scheduled';
const ENTRY = /^#\/collections\/([^/]+)\/entries\/(.+)$/;

/** Marks the news list's lines whose date is after today in Lagos, as they appear. */
function markScheduled() {
  const today = consultancyToday();
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href*="/collections/news/entries/"]')) {
    const heading = link.querySelector('h2') ?? link;
    const date = /^(\d{4}-\d{2}-\d{2}) ·/.exec(heading.textContent ?? '')?.[1];
    const marked = heading.querySelector(`.${SCHEDULED}`);
    if (date && date > today && !marked) {
      const mark = document.createElement('span');
      mark.className = SCHEDULED;
      mark.textContent = ' · Scheduled: on the site from that day';
      heading.append(mark);
    }
  }
}

export function watchNewsList(): void {
  new MutationObserver(markScheduled).observe(document.body, { childList: true, subtree: true });
}

/** Reloads the page when the address changes from one entry to another that Decap did not open itself. */
export function reloadEntryOpenedByAddress(): void {
  let previous = location.hash;
  window.addEventListener('hashchange', () => {
    const [from, to] = [ENTRY.exec(previous), ENTRY.exec(location.hash)];
    previous = location.hash;
    if (from && to && (from[1] !== to[1] || from[2] !== to[2])) location.reload();
  });
}
