import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

/** The team's website, as Create Team and Edit About ask for it; the schema adds a missing https://. */
export function TeamUrlField({
  id,
  error,
  field,
}: {
  id: string;
  error?: string;
  field: UseFormRegisterReturn<'teamUrl'>;
}) {
  return (
    <FormField
      id={id}
      label="Team URL"
      error={error}
      description="Optional; https:// is added if you leave it out."
    >
      <Input {...fieldA11y(id, error)} inputMode="url" placeholder="https://" {...field} />
    </FormField>
  );
}
