// An image document shown in the application's case through its signed URL, with a button that
// closes it. Its parent hears whether the image loaded, to announce it or say it failed.
import type { Preview } from './use-document-opener.ts';

interface Props {
  preview: Preview;
  onLoaded: (shown: boolean) => void;
  onClose: () => void;
}

/** The preview of one image document. */
export default function DocumentPreview({ preview, onLoaded, onClose }: Props) {
  const { document, url } = preview;
  return (
    <figure className="application-documents__preview">
      <img src={url} alt={`Preview of ${document.name}`} onLoad={() => onLoaded(true)} onError={() => onLoaded(false)} />
      <figcaption>
        <span>{document.name}</span>
        <button type="button" className="admin-button admin-button--small" onClick={onClose}>
          Close preview
        </button>
      </figcaption>
    </figure>
  );
}
