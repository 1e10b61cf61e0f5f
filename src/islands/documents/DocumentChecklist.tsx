// The selected visa type's documents, from its content file (names only, passed by the page at
// build time), shown above the visa form's upload area.
import type { VisaChecklists } from '../../lib/content/visas.ts';
import type { VisaType } from '../../lib/domain.ts';

/** The checklist of `type`, or a prompt to choose a type first. */
export default function DocumentChecklist({ checklists, type }: { checklists: VisaChecklists; type: string }) {
  const documents = checklists[type as VisaType];
  if (!documents) return <p className="field__hint">Choose a visa type to see the documents it needs.</p>;
  return (
    <>
      <p className="field__hint">For a {type}, attach:</p>
      <ul className="checklist">
        {documents.map((document) => (
          <li key={document.name}>
            {document.name}
            {!document.required && ' (if it applies)'}
          </li>
        ))}
      </ul>
    </>
  );
}
