// The profile details' inputs, shared by the signup form and the profile editor so both ask the
// same way (labels, types, autocomplete) and validate with the same schema (src/lib/forms/profile.ts).
import { MARITAL_STATUSES } from '../../../common/domain.ts';
// Sorted at build time: a sort by the English collation in the browser held up the island's start.
import { ISO_COUNTRY_NAMES } from '../../lib/forms/iso-country-names.ts?values';
import type { FieldErrors } from '../../lib/result.ts';
import type { FieldProps } from '../hooks/use-form.ts';
import { SelectField, TextField } from '../ui/Field.tsx';
import type { ProfileField } from '../../lib/forms/profile.ts';

interface Props {
  fieldProps: (name: ProfileField) => FieldProps;
  errors: FieldErrors<string>;
}

export default function ProfileFields({ fieldProps, errors }: Props) {
  return (
    <>
      <TextField label="Full name" field={fieldProps('full_name')} error={errors.full_name} autoComplete="name" />
      <div className="form__row">
        {/* Text with a numeric keyboard, not type=number: the browser would silently drop "abc". */}
        <TextField label="Age" field={fieldProps('age')} error={errors.age} inputMode="numeric" autoComplete="off" />
        <SelectField
          label="Marital status"
          field={fieldProps('marital_status')}
          error={errors.marital_status}
          options={MARITAL_STATUSES}
          placeholder="Choose your marital status"
        />
      </div>
      <TextField label="Address" field={fieldProps('address')} error={errors.address} autoComplete="street-address" />
      <div className="form__row">
        <SelectField
          label="Country"
          field={fieldProps('country')}
          error={errors.country}
          options={ISO_COUNTRY_NAMES}
          placeholder="Choose your country"
          autoComplete="country-name"
        />
        <TextField label="Occupation" field={fieldProps('occupation')} error={errors.occupation} autoComplete="organization-title" />
      </div>
      <TextField label="Phone" field={fieldProps('phone')} error={errors.phone} type="tel" autoComplete="tel" />
    </>
  );
}
