import { ASSIGNABLE_ROLES, roleLabel } from '@common/permissions';
import { fieldA11y } from '@web/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

/** The roles user management may hand out (spec part 2 §6): never owner. */
export function AssignableRoleItems() {
  return (
    <>
      {ASSIGNABLE_ROLES.map((role) => (
        <SelectItem key={role} value={role}>
          {roleLabel(role)}
        </SelectItem>
      ))}
    </>
  );
}

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
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger {...fieldA11y(id, error)}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        <AssignableRoleItems />
      </SelectContent>
    </Select>
  );
}
