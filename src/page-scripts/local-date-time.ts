// Fills every `<time data-local-now>` with the current date and time in the visitor's own locale
// and time zone, and keeps it current to the minute.
const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Writes `now` into each stamp, machine-readable in `datetime` and readable in the text. */
function stamp(elements: HTMLTimeElement[], now: Date): void {
  for (const element of elements) {
    element.dateTime = now.toISOString();
    element.textContent = format.format(now);
  }
}

const elements = [...document.querySelectorAll<HTMLTimeElement>('time[data-local-now]')];
if (elements.length > 0) {
  stamp(elements, new Date());
  // Wake at the start of each minute, when the displayed text changes, rather than polling.
  const schedule = () => {
    setTimeout(() => {
      stamp(elements, new Date());
      schedule();
    }, 60_000 - (Date.now() % 60_000));
  };
  schedule();
}

// An ES module (imported by behaviours.ts when its markup is on the page), though it exports nothing.
export {};
