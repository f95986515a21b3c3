import { Mail, User } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime } from '@web/lib/format';
import type { PendingOrganization } from '@common/schemas/system';
import { DecisionButtons } from './decision-buttons';

interface PendingOrganizationCardProps {
  organization: PendingOrganization;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
}

export function PendingOrganizationCard({
  organization: org,
  onApprove,
  onReject,
  busy,
}: PendingOrganizationCardProps) {
  return (
    <article
      aria-labelledby={`org-${org.id}-name`}
      className="flex flex-col gap-4 rounded-lg border p-4 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`org-${org.id}-name`} className="text-lg font-semibold">
            {org.name}
          </h3>
          <Badge variant="outline">@{org.shortname}</Badge>
          <Badge variant="warning">Pending</Badge>
        </div>
        <dl className="grid gap-1 text-sm text-muted-foreground">
          {org.owner?.username && (
            <div className="flex items-center gap-2">
              <User className="size-4" aria-hidden="true" />
              <dt className="sr-only">Owner</dt>
              <dd>
                {org.owner.username}
                {org.owner.email && ` (${org.owner.email})`}
              </dd>
            </div>
          )}
          {org.contactEmail && (
            <div className="flex items-center gap-2">
              <Mail className="size-4" aria-hidden="true" />
              <dt className="sr-only">Contact email</dt>
              <dd>{org.contactEmail}</dd>
            </div>
          )}
          <div>
            <dt className="inline">Submitted </dt>
            <dd className="inline">
              <time dateTime={org.createdAt}>{formatDateTime(org.createdAt)}</time>
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 gap-2">
        <DecisionButtons
          name={org.name}
          status="pending"
          busy={busy}
          onApprove={onApprove}
          onReject={onReject}
        />
      </div>
    </article>
  );
}
