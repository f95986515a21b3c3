import { roleLabel } from '@common/permissions';
import { Badge } from '@web/components/ui/badge';

interface RoleBadgeProps {
  role: string | null;
  isSystemUser: boolean;
  className?: string;
}

/** 'System Admin' for system users, else the role's label; owners in purple. */
export function RoleBadge({ role, isSystemUser, className }: RoleBadgeProps) {
  if (isSystemUser) {
    return (
      <Badge variant="destructive" className={className}>
        System Admin
      </Badge>
    );
  }
  if (!role) return null;
  return (
    <Badge variant={role === 'owner' ? 'owner' : 'secondary'} className={className}>
      {roleLabel(role)}
    </Badge>
  );
}
