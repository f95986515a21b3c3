import { Check, Mail, User, X } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDateTime } from '@web/lib/format';
import type { PendingOrganization } from '../api/pending-organizations';

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
        <Button size="sm" onClick={onApprove} disabled={busy} aria-label={`Approve ${org.name}`}>
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button
          size="sm"
          variant="destructive"
          onClick={onReject}
          disabled={busy}
          aria-label={`Reject ${org.name}`}
        >
          <X aria-hidden="true" />
          Reject
        </Button>
      </div>
    </article>
  );
}
