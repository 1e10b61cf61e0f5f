// The CMS widget of a field that never changes once set: ids, visa types, checklist keys (the
// folders of applicants' files), as ../lib/content/collections.ts lists them. A value that
// exists is shown as text, not as an input. An entry's number is never typed: a new entry or list
// item gets the next free number of its collection (one more than the highest in use, as the build
// requires each to be used once) and shows it; an existing one that another entry also uses (a file
// edited by hand) is refused before saving, naming the other entry, with the next free number
// offered. Other fixed fields of a new item (a checklist key) get an input until the editor leaves
// the page, so the value is chosen once.
import { Component, createElement as h, type ChangeEvent } from 'react';
import { nextFreeId, usedBy, type TakenIds } from '../lib/content/cms/ids.ts';

interface Immutable {
  get: (key: string) => unknown;
  getIn: (path: string[]) => unknown;
  toJS?: () => unknown;
}

interface ControlProps {
  forID: string;
  value: unknown;
  onChange: (value: unknown) => void;
  classNameWrapper: string;
  field: Immutable;
  collection: Immutable;
  /** The entry being edited (Decap's current draft). */
  getEntry: () => Immutable | undefined;
  /** Decap's search of a collection's entries; resolves with the found entries as `payload.hits`. */
  query: (namespace: string, collection: string, searchFields: string[], term: string) => Promise<{ payload?: { hits?: { slug: string; data: Record<string, unknown> }[] } }>;
}

interface State {
  /** The other entries' numbers, once read. */
  taken?: TakenIds;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

export class FixedControl extends Component<ControlProps, State> {
  override state: State = {};
  /** Whether the value was empty when the field was shown: only then may it be set. */
  private readonly settable = isEmpty(this.props.value);
  /** An entry's number (an `id` of whole numbers): assigned, never typed. */
  private readonly numbered = this.props.field.get('name') === 'id' && this.props.field.get('value_type') === 'int';

  override componentDidMount() {
    if (this.numbered) void this.readTaken();
  }

  /** The numbers the collection's other entries (or the list's other items) use. */
  private async readTaken() {
    const { collection, getEntry, query, forID } = this.props;
    let others: { value: unknown; label: string }[];
    if (collection.get('folder')) {
      const identifier = String(collection.get('identifier_field') ?? 'title');
      const slug = getEntry()?.get('slug');
      const result = await query(forID, String(collection.get('name')), [identifier], '');
      others = (result.payload?.hits ?? []).filter((hit) => hit.slug !== slug).map((hit) => ({ value: hit.data['id'], label: String(hit.data[identifier] ?? hit.slug) }));
    } else {
      // A list file is one entry: the other items are the list's, in the draft being edited.
      const items = (getEntry()?.getIn(['data', 'items']) as Immutable | undefined)?.toJS?.() as Record<string, unknown>[] | undefined;
      const mine = this.props.value;
      let skipped = false;
      others = (items ?? []).flatMap((item) => {
        // This item itself (same number, met once) is not an "other".
        if (!skipped && !isEmpty(mine) && item['id'] === mine) {
          skipped = true;
          return [];
        }
        return [{ value: item['id'], label: String(item['name'] ?? item['title'] ?? item['id']) }];
      });
    }
    const taken: TakenIds = new Map(others.filter((other) => typeof other.value === 'number').map((other) => [other.value as number, other.label]));
    this.setState({ taken });
    if (this.settable) this.props.onChange(nextFreeId(taken));
  }

  /** Decap asks before saving: a number another entry uses is refused, in the editor's words. */
  isValid = () => {
    const { taken } = this.state;
    if (!this.numbered) return true;
    if (!taken) return { error: { type: 'CUSTOM', message: 'Id: the next free number is still being looked up; save again in a moment.' } };
    const other = usedBy(taken, this.props.value);
    if (other === undefined) return true;
    return { error: { type: 'CUSTOM', message: `Id: ${String(this.props.value)} is also the number of “${other}”; each entry needs its own. Use ${nextFreeId(taken)}, the next free number.` } };
  };

  override render() {
    const { forID, value, onChange, classNameWrapper, field } = this.props;
    const shown = { id: forID, className: classNameWrapper, 'aria-readonly': 'true', style: { display: 'block', background: '#f4f7f5' } };
    if (this.numbered) {
      const { taken } = this.state;
      const clash = taken && usedBy(taken, value) !== undefined;
      return h(
        'div',
        null,
        h('output', shown, isEmpty(value) ? 'Assigning the next free number…' : String(value)),
        clash ? h('button', { type: 'button', onClick: () => onChange(nextFreeId(taken)) }, `Give it ${nextFreeId(taken)}, the next free number`) : null,
      );
    }
    if (!this.settable) return h('output', shown, String(value));
    const numeric = field.get('value_type') === 'int';
    return h('input', {
      id: forID,
      className: classNameWrapper,
      type: numeric ? 'number' : 'text',
      value: isEmpty(value) ? '' : String(value),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const text = event.target.value;
        onChange(numeric ? (text === '' ? undefined : Number(text)) : text);
      },
    });
  }
}

export function FixedPreview({ value }: { value: unknown }) {
  return h('span', null, value === undefined ? '' : String(value));
}
