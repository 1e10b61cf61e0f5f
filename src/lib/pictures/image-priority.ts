// How a content picture loads. The page's lead picture (its largest paint) loads at once and ahead of
// everything else. Every other picture loads lazily and asks for low priority: Chrome raises a lazy
// picture that shows in the first view to high priority, and on a slow phone the second gallery photo
// or team portrait, a few pixels of which show, then shared the connection with the lead picture and
// held the largest paint back by a round trip. The lead picture is decoded with the frame it arrives
// in (`sync`), not off to the side (`async`, Astro's default): when it was already downloaded at first
// paint, an asynchronous decode still showed it one or more frames later, and a phone's largest paint
// waited for that decode instead of the network.
export function imagePriority(lead: boolean) {
  return lead
    ? ({ loading: 'eager', fetchpriority: 'high', decoding: 'sync' } as const)
    : ({ loading: 'lazy', fetchpriority: 'low', decoding: 'async' } as const);
}
