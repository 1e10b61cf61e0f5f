// A picture's alt text describes that picture: when an editor replaces (or removes) a picture, the
// description of the old one must not silently stay. Decap has no hook between choosing a picture
// and saving, and a field cannot change its siblings, so two widgets work together: the picture's
// (Decap's own image control, wrapped) says when the editor changed the picture away from one that
// was there; the alt text's beside it (the same object, so the same `parentIds`) then empties
// itself and says "Describe the new picture". The alt text is required, so the entry cannot be
// saved until the editor writes it again for the new picture (or types the old words back).
// A first picture for a new entry empties nothing: the alt text typed before it is kept.
import CMS from 'decap-cms-app';
import { Component, createElement as h, type ChangeEvent, type ComponentType } from 'react';

/** What this module reads of the props Decap gives every widget control. */
interface ControlProps {
  forID: string;
  value: unknown;
  onChange: (value: unknown, metadata?: unknown) => void;
  classNameWrapper: string;
  setActiveStyle: () => void;
  setInactiveStyle: () => void;
  /** The fields this one is nested in: the same for a picture and its alt text. */
  parentIds?: string[];
}

/** The alt-text fields waiting to hear that their picture was replaced, by the object they are in. */
const listeners = new Map<string, Set<() => void>>();
const objectOf = (props: ControlProps) => JSON.stringify(props.parentIds ?? []);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

interface FileControl {
  getValidateValue?: () => unknown;
}

/** The picture's control: Decap's image control, which reports a replaced picture to the alt text beside it. */
export class PictureControl extends Component<ControlProps> {
  private inner: FileControl | null = null;
  /** The picture the editor chose in place of another, until Decap has stored it. */
  private replacedBy: string | undefined;

  /** Decap's image control reacts to the media library outside its value: let it decide. */
  override shouldComponentUpdate() {
    return true;
  }

  /** Decap validates the file's name, as its image control gives it. */
  getValidateValue = () => this.inner?.getValidateValue?.();

  private readonly onChange = (value: unknown, metadata?: unknown) => {
    if (!isEmpty(this.props.value) && value !== this.props.value) this.replacedBy = isEmpty(value) ? '' : String(value);
    this.props.onChange(value, metadata);
  };

  /**
   * Told only once the new picture is in this field's value: the object around it holds it too by
   * then, so emptying the alt text (a change of the same object) cannot undo it.
   */
  override componentDidUpdate() {
    if (this.replacedBy === undefined || (isEmpty(this.props.value) ? '' : String(this.props.value)) !== this.replacedBy) return;
    this.replacedBy = undefined;
    for (const listener of listeners.get(objectOf(this.props)) ?? []) listener();
  }

  override render() {
    const image = CMS.getWidget('image')!.control as ComponentType<Record<string, unknown>>;
    return h(image, { ...this.props, onChange: this.onChange, ref: (control: FileControl | null) => (this.inner = control) });
  }
}

export const DESCRIBE_NEW_PICTURE = 'Describe the new picture: the description of the previous one was removed.';

/** The alt text's control: a line of text, emptied and flagged when its picture is replaced. */
export class AltTextControl extends Component<ControlProps, { replaced: boolean }> {
  override state = { replaced: false };

  private readonly pictureReplaced = () => {
    this.props.onChange('');
    this.setState({ replaced: true });
  };

  override componentDidMount() {
    const key = objectOf(this.props);
    listeners.set(key, (listeners.get(key) ?? new Set()).add(this.pictureReplaced));
  }

  override componentWillUnmount() {
    const key = objectOf(this.props);
    listeners.get(key)?.delete(this.pictureReplaced);
    if (listeners.get(key)?.size === 0) listeners.delete(key);
  }

  /** Its own state (the flag) changes without a new value: always render. */
  override shouldComponentUpdate() {
    return true;
  }

  override render() {
    const { forID, value, onChange, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
    const note = `${forID}-picture-replaced`;
    return h(
      'div',
      null,
      h('input', {
        id: forID,
        type: 'text',
        className: classNameWrapper,
        value: isEmpty(value) ? '' : String(value),
        'aria-describedby': note,
        onFocus: setActiveStyle,
        onBlur: setInactiveStyle,
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          if (this.state.replaced) this.setState({ replaced: false });
          onChange(event.target.value);
        },
      }),
      // Present (empty) from the start, so the words are announced when they appear.
      h(
        'p',
        { id: note, role: 'status', style: { margin: this.state.replaced ? '0.5rem 0 0' : 0, color: '#a4161a', fontWeight: 600 } },
        this.state.replaced ? DESCRIBE_NEW_PICTURE : '',
      ),
    );
  }
}
