import { ASSIGNABLE_ROLES, roleLabel } from '@common/permissions';
import { SelectItem } from '@web/components/ui/select';

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
