import { ASSIGNABLE_ROLES, roleLabel } from '@common/permissions';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';

/** The roles user management may hand out: never owner. */
export const ASSIGNABLE_ROLE_CHOICES = ASSIGNABLE_ROLES.map((role) => [role, roleLabel(role)] as const);

interface AssignableRoleSelectProps {
  /** The trigger's id, which its FormField's label and message point at. */
  id: string;
  value: string;
  onChange: (role: string) => void;
  error?: string;
  placeholder?: string;
}

/** A form's role picker over the assignable roles. */
export function AssignableRoleSelect({ id, value, onChange, error, placeholder }: AssignableRoleSelectProps) {
  return (
    <LazyChoiceSelect
      id={id}
      invalid={!!error}
      describedBy={error ? `${id}-error` : undefined}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      choices={ASSIGNABLE_ROLE_CHOICES}
    />
  );
}
