import { Badge } from '@web/components/ui/badge';

const VARIANTS = {
  approved: ['success', 'Approved'],
  pending: ['warning', 'Pending'],
  rejected: ['destructive', 'Rejected'],
  suspended: ['secondary', 'Suspended'],
} as const;

export function ApprovalStatusBadge({ status }: { status: string }) {
  const [variant, label] = VARIANTS[status as keyof typeof VARIANTS] ?? ['outline', status];
  return <Badge variant={variant}>{label}</Badge>;
}
