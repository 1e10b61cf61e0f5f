// The selected visa type's documents, from its content file (names only, fetched once when the
// form hydrates: src/lib/documents/checklists.ts), shown above the visa form's upload area.
import { fetchChecklists } from '../../lib/documents/checklists.ts';
import { visaTypeSlug, type VisaType } from '../../lib/domain.ts';
import { useFetch } from '../hooks/use-fetch.ts';

/** The checklist of `type`, or a prompt to choose a type first. */
export default function DocumentChecklist({ type }: { type: string }) {
  const checklists = useFetch('visa-checklists', fetchChecklists);
  if (!type) return <p className="field__hint">Choose a visa type to see the documents it needs.</p>;
  if (checklists.status === 'loading') return null;
  const documents = checklists.status === 'ready' ? checklists.data[type as VisaType] : undefined;
  if (!documents) {
    // The list did not arrive: the visa's own page has it, as static HTML.
    return (
      <p className="field__hint">
        See the documents a {type} needs on <a href={`/visa/${visaTypeSlug(type)}#visa-documents`}>its page</a>.
      </p>
    );
  }
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
