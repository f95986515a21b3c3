import type { PresenceStatus } from '@common/presence';

/** Online and away have their colours; anything else reads as offline (red). */
export function statusColor(status: string): string {
  if (status === 'online') return 'bg-green-500';
  if (status === 'away') return 'bg-yellow-500';
  return 'bg-red-500';
}

export const STATUS_LABELS: Record<PresenceStatus, string> = {
  online: 'Online',
  away: 'Away',
  busy: 'Busy',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as PresenceStatus] ?? 'Offline';
}
