// Pictures an editor uploads in the CMS are held to a size before Decap stores them (and so before
// anything is committed): a photo larger than MAX_SIDE pixels on a side, or heavier than
// MAX_BYTES, is scaled down in the browser (longest side MAX_SIDE, re-encoded), and the editor is
// told what happened; one still too heavy after that, or one the browser cannot read, is refused
// with a message and not uploaded. Decap has no hook between choosing a file and storing it, so
// this listens to the media library's file input first (capture, on window), holds the event back,
// and hands Decap the resized file in a new one.
import { PICTURE_LIMITS } from '../lib/content/cms/picture-limits.ts';

const { maxSide: MAX_SIDE, maxBytes: MAX_BYTES } = PICTURE_LIMITS;
/** The encodings a resized picture is written in: the input's own, or WebP for a PNG photo. */
const OUTPUT: Record<string, string> = { 'image/jpeg': 'image/jpeg', 'image/webp': 'image/webp', 'image/png': 'image/webp' };
const QUALITY = 0.85;

/** The change events this guard sent itself, which it lets through. */
const ours = new WeakSet<Event>();

/** A file's size as people read it: 350 KB, 24.3 MB. */
const mb = (bytes: number) => (bytes < 1_048_576 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`);

let notice: HTMLElement | null = null;

/** Shows `text` at the top of the CMS: a status for a resize, an alert for a refusal; it stays until the editor closes it. */
function tell(text: string, kind: 'status' | 'alert'): void {
  notice?.remove();
  notice = document.createElement('div');
  notice.className = 'picture-notice';
  notice.setAttribute('role', kind);
  notice.dataset['kind'] = kind;
  const words = document.createElement('p');
  words.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.addEventListener('click', () => {
    notice?.remove();
    notice = null;
  });
  notice.append(words, close);
  Object.assign(notice.style, {
    position: 'fixed',
    insetBlockStart: '1rem',
    insetInline: '0',
    marginInline: 'auto',
    maxWidth: '40rem',
    zIndex: '100000',
    display: 'flex',
    gap: '1rem',
    alignItems: 'start',
    padding: '0.75rem 1rem',
    background: kind === 'alert' ? '#fdecea' : '#e8f4ec',
    color: '#16202c',
    border: `2px solid ${kind === 'alert' ? '#a4161a' : '#1e6b3a'}`,
    borderRadius: '6px',
    font: '15px/1.45 system-ui, sans-serif',
    boxShadow: '0 4px 16px rgb(0 0 0 / 0.2)',
  });
  words.style.margin = '0';
  document.body.append(notice);
}

/** The picture scaled to fit MAX_SIDE, re-encoded; null when the browser cannot read it. */
async function shrink(file: File): Promise<{ file: File; width: number; height: number; was: { width: number; height: number } } | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const was = { width: bitmap.width, height: bitmap.height };
  const scale = Math.min(1, MAX_SIDE / Math.max(was.width, was.height));
  const width = Math.round(was.width * scale);
  const height = Math.round(was.height * scale);
  if (scale === 1 && file.size <= MAX_BYTES) return { file, width, height, was };
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const type = OUTPUT[file.type] ?? 'image/webp';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, QUALITY));
  if (!blob) return null;
  const name = type === file.type ? file.name : file.name.replace(/\.[^.]+$/, '') + '.webp';
  return { file: new File([blob], name, { type, lastModified: Date.now() }), width, height, was };
}

async function guard(input: HTMLInputElement, files: File[]): Promise<void> {
  const kept: File[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') {
      kept.push(file);
      continue;
    }
    const result = await shrink(file);
    if (!result) {
      tell(`“${file.name}” could not be read as a picture, so it was not uploaded. Save it as a .jpg, .webp or .png and try again.`, 'alert');
      continue;
    }
    if (result.file.size > MAX_BYTES) {
      tell(`“${file.name}” is still ${mb(result.file.size)} at ${result.width} × ${result.height} pixels: pictures may be at most ${mb(MAX_BYTES)}, so it was not uploaded. Save a smaller copy and try again.`, 'alert');
      continue;
    }
    if (result.file !== file) {
      tell(
        `“${file.name}” was ${result.was.width} × ${result.was.height} pixels and ${mb(file.size)}: it was resized to ${result.width} × ${result.height} pixels (${mb(result.file.size)}) before saving. Pictures may be at most ${MAX_SIDE} pixels on a side and ${mb(MAX_BYTES)}.`,
        'status',
      );
    }
    kept.push(result.file);
  }
  const transfer = new DataTransfer();
  for (const file of kept) transfer.items.add(file);
  input.files = transfer.files;
  if (kept.length === 0) return;
  const event = new Event('change', { bubbles: true });
  ours.add(event);
  input.dispatchEvent(event);
}

/** Starts holding the CMS's picture uploads to PICTURE_LIMITS. */
export function guardPictureUploads(): void {
  window.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (ours.has(event) || !(input instanceof HTMLInputElement) || input.type !== 'file' || !input.files?.length) return;
      event.stopImmediatePropagation();
      void guard(input, [...input.files]);
    },
    true,
  );
}
