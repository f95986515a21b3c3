import { Calendar, User, Users } from 'lucide-react';
import { formatDate } from '@web/lib/format';
import type { OrganizationSummary } from '@common/schemas/system';
import { DecisionButtons } from './decision-buttons';
import { ApprovalStatusBadge } from './status-badge';

interface OrganizationCardProps {
  organization: OrganizationSummary;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onSuspend: () => void;
}

/** One organization in All Organizations, with the decisions its state allows. */
export function OrganizationCard({
  organization: org,
  busy,
  onApprove,
  onReject,
  onSuspend,
}: OrganizationCardProps) {
  return (
    <article
      aria-labelledby={`org-${org.id}-name`}
      className="flex h-full flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`org-${org.id}-name`} className="truncate text-lg font-semibold">
            {org.name}
          </h3>
          <p className="text-sm text-muted-foreground">@{org.shortname}</p>
        </div>
        <ApprovalStatusBadge status={org.approvalStatus} />
      </div>
      {org.description && <p className="line-clamp-2 text-sm">{org.description}</p>}
      <dl className="grid gap-1 text-sm text-muted-foreground">
        <div className="flex items-center gap-2">
          <Users className="size-4" aria-hidden="true" />
          <dt className="sr-only">Users</dt>
          <dd>
            {org.userCount} {org.userCount === 1 ? 'user' : 'users'}
          </dd>
        </div>
        {org.owner && (
          <div className="flex items-center gap-2">
            <User className="size-4" aria-hidden="true" />
            <dt className="sr-only">Owner</dt>
            <dd className="truncate">
              {org.owner.username} ({org.owner.email})
            </dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <Calendar className="size-4" aria-hidden="true" />
          <dt className="sr-only">Created</dt>
          <dd>
            Created <time dateTime={org.createdAt}>{formatDate(org.createdAt)}</time>
          </dd>
        </div>
        {org.rejectionReason && (
          <div>
            <dt className="inline font-medium">Reason: </dt>
            <dd className="inline">{org.rejectionReason}</dd>
          </div>
        )}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <DecisionButtons
          name={org.name}
          status={org.approvalStatus}
          busy={busy}
          onApprove={onApprove}
          onReject={onReject}
          onSuspend={onSuspend}
        />
      </div>
    </article>
  );
}
