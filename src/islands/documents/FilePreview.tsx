// A small preview of a chosen JPEG, PNG or WebP, drawn from the file itself through an object URL
// (no upload needed). The URL is revoked when the preview goes, so the file is not kept in memory.
import { useEffect, useState } from 'react';

/** The thumbnail of `file`, named for screen readers by `name`. */
export default function FilePreview({ file, name }: { file: File; name: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  if (!url) return <span className="document-item__thumb" aria-hidden="true" />;
  return <img className="document-item__thumb" src={url} alt={`Preview of ${name}`} width={56} height={56} />;
}
