import { roleLabel } from '@common/permissions';
import type { MembershipRow } from '@common/schemas/admin';
import { CheckCircle, ShieldCheck, Trash2, UserCheck, UserX } from 'lucide-react';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { PersonAvatar } from '@web/components/person-avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDate, formatDateTime } from '@web/lib/format';
import { nameOf } from '../api/users';
import { type AdminColumn, AdminTable } from './admin-table';
import { ASSIGNABLE_ROLE_CHOICES } from './role-options';
import { timeAgo } from './time-ago';

const STATUS: Record<
  MembershipRow['status'],
  { label: string; variant: 'success' | 'warning' | 'destructive' }
> = {
  active: { label: 'Active', variant: 'success' },
  pending_approval: { label: 'Pending Approval', variant: 'warning' },
  disabled: { label: 'Disabled', variant: 'destructive' },
};

export interface RowActions {
  onRoleChange: (row: MembershipRow, role: string) => void;
  onApprove: (row: MembershipRow) => void;
  onDisable: (row: MembershipRow) => void;
  onEnable: (row: MembershipRow) => void;
  onDelete: (row: MembershipRow) => void;
  /** The row whose action is in flight, to avoid double clicks. */
  busyUserId: number | null;
}

interface UsersTableProps extends RowActions {
  rows: MembershipRow[];
  currentUserId: number | undefined;
}

const COLUMNS: AdminColumn[] = [
  { label: 'User' },
  { label: 'Role' },
  { label: 'Status' },
  { label: 'Last Active' },
  { label: 'Joined', className: 'hidden 2xl:table-cell' },
  { label: 'Actions', className: 'text-right' },
];

export function UsersTable({ rows, currentUserId, ...actions }: UsersTableProps) {
  return (
    <AdminTable caption="Organization members" columns={COLUMNS}>
      {rows.map((row) => (
        <UserRow key={row.id} row={row} isSelf={row.userId === currentUserId} {...actions} />
      ))}
    </AdminTable>
  );
}

function UserRow({ row, isSelf, ...a }: RowActions & { row: MembershipRow; isSelf: boolean }) {
  const name = nameOf(row);
  const isOwner = row.role === 'owner';
  const locked = isOwner || isSelf;
  const busy = a.busyUserId === row.userId;
  const status = STATUS[row.status];
  return (
    <tr className="border-t" data-testid={`user-row-${row.user.username}`}>
      {/* The person's cell takes what the other columns leave and cuts long names and addresses
          (their whole text is a title away), so role, status, last activity and actions fit at 1280 px. */}
      <td className="px-4 py-3 sm:w-full sm:max-w-0">
        <div className="flex items-center gap-3">
          <PersonAvatar person={row.user} />
          <div className="min-w-0">
            <p className="max-w-64 truncate font-medium" title={name}>
              {name}
              {isSelf && <span className="ml-1 text-muted-foreground">(you)</span>}
            </p>
            <p className="max-w-64 truncate text-muted-foreground" title={`@${row.user.username}`}>
              @{row.user.username}
            </p>
            <p className="max-w-64 truncate text-muted-foreground" title={row.user.email}>
              {row.user.email}
            </p>
          </div>
        </div>
      </td>
      <td className="px-4 py-3">
        {locked ? (
          <Badge variant={isOwner ? 'owner' : 'secondary'}>
            {isOwner && <ShieldCheck className="size-3" aria-hidden="true" />}
            {roleLabel(row.role)}
          </Badge>
        ) : (
          <LazyChoiceSelect
            className="h-9 w-52"
            label={`Role of ${name}`}
            value={row.role}
            onChange={(role) => a.onRoleChange(row, role)}
            disabled={busy}
            choices={ASSIGNABLE_ROLE_CHOICES}
          />
        )}
      </td>
      <td className="px-4 py-3">
        <Badge variant={status.variant}>{status.label}</Badge>
        {row.status === 'disabled' && row.disabledReason && (
          <p className="mt-1 max-w-56 text-xs text-muted-foreground sm:min-w-40" title={row.disabledReason}>
            {row.disabledReason}
          </p>
        )}
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <span title={row.lastActiveAt ? formatDateTime(row.lastActiveAt) : undefined}>
          {timeAgo(row.lastActiveAt)}
        </span>
      </td>
      <td className="hidden px-4 py-3 whitespace-nowrap 2xl:table-cell">{formatDate(row.createdAt)}</td>
      <td className="px-4 py-3 sm:whitespace-nowrap">
        {/* One row of actions beside the table; a phone's stacked card may wrap them. */}
        <div className="flex flex-wrap justify-end gap-2 sm:flex-nowrap" data-testid="user-actions">
          {row.status === 'pending_approval' && (
            <Button size="sm" disabled={busy} onClick={() => a.onApprove(row)} aria-label={`Approve ${name}`}>
              <CheckCircle aria-hidden="true" />
              Approve
            </Button>
          )}
          {!locked && row.status === 'active' && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => a.onDisable(row)}
              aria-label={`Disable ${name}`}
            >
              <UserX aria-hidden="true" />
              Disable
            </Button>
          )}
          {!locked && row.status === 'disabled' && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => a.onEnable(row)}
              aria-label={`Enable ${name}`}
            >
              <UserCheck aria-hidden="true" />
              Enable
            </Button>
          )}
          {!locked && (
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive"
              disabled={busy}
              onClick={() => a.onDelete(row)}
              aria-label={`Delete ${name}`}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          )}
          {isOwner && <span className="text-xs text-muted-foreground">Owner (protected)</span>}
        </div>
      </td>
    </tr>
  );
}
