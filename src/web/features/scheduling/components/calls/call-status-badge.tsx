import { CALL_STATUS_LABELS, type CallStatus } from '@common/scheduling';
import { Badge } from '@web/components/ui/badge';

const VARIANT = { called: 'outline', confirmed: 'success', declined: 'destructive' } as const;

/** Awaiting answer / Confirmed / Can't make it. */
export function CallStatusBadge({ status }: { status: CallStatus }) {
  return <Badge variant={VARIANT[status]}>{CALL_STATUS_LABELS[status]}</Badge>;
}
