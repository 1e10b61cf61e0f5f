// Labelled form controls. Every control has a visible label; its error sits right under it, tied
// by aria-describedby (fieldProps from use-form sets that and aria-invalid), so a screen reader
// reads the error when the field gets focus.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldProps } from '../hooks/use-form.ts';
import './forms.css';

interface FrameProps {
  label: string;
  field: FieldProps;
  error: string | undefined;
  /** A short hint under the label (e.g. the password minimum). */
  hint?: string | undefined;
  children: ReactNode;
}

/** Label, optional hint, the control and its error. */
function FieldFrame({ label, field, error, hint, children }: FrameProps) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint && (
        <p className="field__hint" id={`${field.id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field__error" id={field['aria-describedby']}>
          {error}
        </p>
      )}
    </div>
  );
}

type Common = { label: string; field: FieldProps; error: string | undefined; hint?: string | undefined };

/** Which ids describe a control: its hint and, when there is one, its error. */
function describedBy(field: FieldProps, hint: string | undefined): string | undefined {
  return [hint ? `${field.id}-hint` : undefined, field['aria-describedby']].filter(Boolean).join(' ') || undefined;
}

/** A one-line input (text, email, tel, date, time, number, password). */
export function TextField({ label, field, error, hint, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldProps>) {
  return (
    <FieldFrame label={label} field={field} error={error} hint={hint}>
      <input {...input} {...field} aria-describedby={describedBy(field, hint)} />
    </FieldFrame>
  );
}

/** A multi-line input. */
export function TextArea({ label, field, error, hint, ...area }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldProps>) {
  return (
    <FieldFrame label={label} field={field} error={error} hint={hint}>
      <textarea rows={5} {...area} {...field} aria-describedby={describedBy(field, hint)} />
    </FieldFrame>
  );
}

/** A choice from a fixed list; `placeholder` is the empty first option. */
export function SelectField({
  label,
  field,
  error,
  hint,
  options,
  placeholder = 'Choose…',
  ...select
}: Common & { options: readonly string[]; placeholder?: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof FieldProps>) {
  return (
    <FieldFrame label={label} field={field} error={error} hint={hint}>
      <select {...select} {...field} aria-describedby={describedBy(field, hint)}>
        <option value="">{placeholder}</option>
        {/* An option's value is its text when it has no value attribute: the country list's 250
            names, written once instead of twice, keep the sign-up page in one round trip. */}
        {options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    </FieldFrame>
  );
}

/**
 * One radio button of the group bound to `field` (RadioGroup's choices, the slot picker's times).
 * The first carries the field's id, so the form can focus the group on an error.
 */
export function RadioChoice({ field, value, first }: { field: FieldProps; value: string; first: boolean }) {
  return (
    <input
      type="radio"
      name={field.name}
      value={value}
      id={first ? field.id : undefined}
      checked={field.value === value}
      onChange={field.onChange}
      aria-invalid={field['aria-invalid']}
    />
  );
}

/** One choice of a few, as radio buttons in a named group; the group carries the error. */
export function RadioGroup({ label, field, error, options }: Omit<Common, 'hint'> & { options: readonly { value: string; label: string }[] }) {
  return (
    <fieldset className="field field--radios" aria-describedby={field['aria-describedby']}>
      <legend>{label}</legend>
      {options.map((option, index) => (
        <label key={option.value} className="field__radio">
          <RadioChoice field={field} value={option.value} first={index === 0} />{' '}
          {option.label}
        </label>
      ))}
      {error && (
        <p className="field__error" id={field['aria-describedby']}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A field no person fills: bots that fill every input reveal themselves. Hidden from view and
 * from assistive technology, and skipped by the keyboard.
 */
export function Honeypot({ field }: { field: FieldProps }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={field.id}>Leave this field empty</label>
      <input {...field} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
