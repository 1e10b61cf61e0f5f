// The CMS widget of a field that never changes once set: ids, visa types, checklist keys (the
// folders of applicants' files), as ../lib/content/cms/collections.ts lists them. A value that
// exists is shown as text, not as an input; a new entry or item, which has none yet, gets an
// input until the editor leaves the page, so the value is chosen once.
import { Component, createElement as h, type ChangeEvent } from 'react';

interface ControlProps {
  forID: string;
  value: unknown;
  onChange: (value: unknown) => void;
  classNameWrapper: string;
  field: { get: (key: string) => unknown };
}

export class FixedControl extends Component<ControlProps> {
  /** Whether the value was empty when the field was shown: only then may it be set. */
  private readonly settable = this.props.value === undefined || this.props.value === null || this.props.value === '';

  override render() {
    const { forID, value, onChange, classNameWrapper, field } = this.props;
    const numeric = field.get('value_type') === 'int';
    if (!this.settable) {
      return h('output', { id: forID, className: classNameWrapper, 'aria-readonly': 'true', style: { display: 'block', background: '#f4f7f5' } }, String(value));
    }
    return h('input', {
      id: forID,
      className: classNameWrapper,
      type: numeric ? 'number' : 'text',
      value: value === undefined || value === null ? '' : String(value),
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
