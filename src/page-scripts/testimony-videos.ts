// Testimony videos: the play overlay puts its video in the frame the first time (the page carries
// only a still, see TestimonyVideos.astro) and starts it; the overlay hides while it plays and
// returns on pause or end. Listeners sit on the document (media events are caught while
// capturing, since they do not bubble), so one set serves every video on the page.

const overlayOf = (video: HTMLVideoElement) =>
  video.closest('[data-video]')?.querySelector<HTMLElement>('[data-video-overlay]') ?? null;

/** The figure's video, created under its overlay on first use from the figure's data attributes. */
function videoOf(figure: HTMLElement): HTMLVideoElement | null {
  const existing = figure.querySelector('video');
  if (existing) return existing;
  const src = figure.dataset['videoSrc'];
  const frame = figure.querySelector('[data-video-overlay]')?.parentElement;
  if (!src || !frame) return null;
  const video = document.createElement('video');
  video.src = src;
  video.controls = true;
  video.playsInline = true;
  video.setAttribute('aria-label', figure.dataset['videoLabel'] ?? '');
  frame.prepend(video);
  return video;
}

document.addEventListener('click', (event) => {
  const overlay = (event.target as Element | null)?.closest<HTMLElement>('[data-video-overlay]');
  const figure = overlay?.closest<HTMLElement>('[data-video]');
  const video = figure ? videoOf(figure) : null;
  if (!video) return;
  video.inert = false;
  // Focus goes to the video so its own keyboard controls (space to pause) work at once.
  video.focus();
  // A refused or failed start keeps the overlay, which is the honest state to show.
  void video.play().catch(() => undefined);
});

for (const type of ['play', 'pause', 'ended'] as const) {
  document.addEventListener(
    type,
    (event) => {
      const video = event.target;
      if (!(video instanceof HTMLVideoElement)) return;
      const overlay = overlayOf(video);
      if (overlay) {
        const playing = type === 'play';
        if (playing) video.closest<HTMLElement>('[data-video]')?.setAttribute('data-played', '');
        const hadFocus = document.activeElement === video;
        overlay.hidden = playing;
        video.inert = !playing;
        // Focus follows the control the visitor can now reach.
        if (!playing && hadFocus) overlay.focus();
      }
      // One testimony at a time: starting one pauses the others.
      if (type !== 'play') return;
      for (const other of document.querySelectorAll<HTMLVideoElement>('[data-video] video')) {
        if (other !== video && !other.paused) other.pause();
      }
    },
    true,
  );
}

// A video that cannot load (a dropped connection, a missing file) would otherwise stay in the frame
// for good: its error is final, so every later press fails at once, and the paused black frame
// hides the still. Taking it out restores the figure as it was at load, and the next press creates
// a fresh video that asks for the file again.
document.addEventListener(
  'error',
  (event) => {
    const video = event.target;
    if (!(video instanceof HTMLVideoElement)) return;
    const figure = video.closest<HTMLElement>('[data-video]');
    if (!figure) return;
    const overlay = overlayOf(video);
    const hadFocus = document.activeElement === video;
    video.remove();
    figure.removeAttribute('data-played');
    if (overlay) {
      overlay.hidden = false;
      if (hadFocus) overlay.focus();
    }
  },
  true,
);

// An ES module (imported by behaviours.ts when its markup is on the page), though it exports nothing.
export {};
