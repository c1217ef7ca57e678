import { memo } from 'react';
import { useFormState, useWatch, type Control } from 'react-hook-form';
import { AdmissionFieldInput } from './AdmissionFieldInput';
import type { AdmissionField, FormField, TAdmissionForm } from './admission-form';

/**
 * An AdmissionFieldInput that reads its own value (and, withError, its own message) from the form,
 * so a keystroke re-renders this field alone, not the whole form. Memoized: give it stable props
 * (module-level field definitions and option lists, handlers that take the field's name).
 */
export const WatchedAdmissionField = memo(function WatchedAdmissionField({
  control,
  field,
  onValue,
  onLeave,
  withError = false,
  ...input
}: {
  control: Control<TAdmissionForm>;
  field: FormField;
  idPrefix: string;
  options?: readonly string[];
  loading?: boolean;
  disabled?: boolean;
  onValue: (name: AdmissionField, value: string) => void;
  onLeave?: (name: AdmissionField) => void;
  /** show the field's validation message under it */
  withError?: boolean;
}) {
  const value = useWatch({ control, name: field.name, exact: true });
  // Only this field's message; `disabled` stops the updates on forms that show none.
  const state = useFormState({ control, name: field.name, exact: true, disabled: !withError });
  return (
    <AdmissionFieldInput
      {...input}
      field={field}
      value={value}
      onChange={(x) => onValue(field.name, x)}
      onBlur={onLeave && (() => onLeave(field.name))}
      error={withError ? state.errors[field.name]?.message : undefined}
    />
  );
});
