import { roleLabel } from '@common/permissions';
import type { AuditRow } from '@common/schemas/admin';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime } from '@web/lib/format';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/audit';
import { AdminAccess } from '../components/admin-access';
import { type AdminColumn, AdminTable } from '../components/admin-table';
import { Pagination } from '../components/pagination';
import { timeAgo } from '../components/time-ago';

const ACTIONS: Record<string, string> = {
  'user.created': 'Added user',
  'user.approved': 'Approved user',
  'user.disabled': 'Disabled user',
  'user.enabled': 'Enabled user',
  'user.deleted': 'Deleted user',
  'user.role_changed': 'Changed role',
  'user.details_updated': 'Updated member details',
  'users.exported': 'Exported member list',
  'users.imported': 'Imported members',
  'calendar.imported': 'Imported calendar',
  'organization.settings_updated': 'Updated settings',
  'organization.branding_updated': 'Updated branding',
  'organization.logo_uploaded': 'Uploaded logo',
  'organization.favicon_uploaded': 'Uploaded favicon',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  description: 'description',
  contactEmail: 'contact email',
  phone: 'phone',
  customDomain: 'custom domain',
  enableCustomDomain: 'custom domain enabled',
  enablePublicRegistration: 'public registration',
  requireEmailVerification: 'email verification',
  requireAdminApproval: 'admin approval',
  defaultRole: 'default role',
  timezone: 'time zone',
  logoUrl: 'logo',
  favicon: 'favicon',
  primaryColor: 'primary color',
  secondaryColor: 'secondary color',
  accentColor: 'accent color',
  backgroundColor: 'background color',
  textColor: 'text color',
  theme: 'theme',
  customCss: 'custom CSS',
};

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '(none)' : String(v));
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function target(entry: AuditRow): string {
  const d = entry.details ?? {};
  if (entry.targetType === 'user') {
    if (d.username) return `@${str(d.username)}`;
    return entry.targetUsername ? `@${entry.targetUsername}` : `User #${entry.targetId}`;
  }
  return 'Organization';
}

function details(entry: AuditRow): string {
  const d = entry.details ?? {};
  switch (entry.action) {
    case 'user.disabled':
      return `Reason: ${str(d.reason)}`;
    case 'user.role_changed':
      return `${roleLabel(str(d.from))} → ${roleLabel(str(d.to))}`;
    case 'user.created':
      return `Role: ${roleLabel(str(d.role))}`;
    case 'users.exported':
      return `${show(d.count)} rows`;
    case 'users.imported':
      return `${show(d.created)} created, ${show(d.skipped)} skipped (${str(d.file)})`;
    case 'calendar.imported':
      return `${show(d.created)} created, ${show(d.updated)} updated, ${show(d.skipped)} skipped (${str(d.file)})`;
    case 'organization.settings_updated':
    case 'organization.branding_updated': {
      const changes = (d.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
      return Object.entries(changes)
        .map(([k, c]) => `${FIELD_LABELS[k] ?? k}: ${show(c.from)} → ${show(c.to)}`)
        .join('; ');
    }
    default:
      return '';
  }
}

const actorName = (a: AuditRow['actor']) =>
  a ? [a.firstName, a.lastName].filter(Boolean).join(' ') || a.username : 'Deleted user';

const COLUMNS: AdminColumn[] = [
  { label: 'When' },
  { label: 'Who' },
  { label: 'Action' },
  { label: 'Target' },
  { label: 'Details' },
];

function AuditLog({ organizationId }: { organizationId: number }) {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('all');
  const log = useAuditLog(organizationId, page, action);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Audit Log</h1>
        <p className="text-muted-foreground">Who changed what in your organization, and when.</p>
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-end justify-between gap-4 space-y-0">
          <div className="space-y-1.5">
            <CardTitle as="h2">Administrative actions</CardTitle>
            <CardDescription>Newest first.</CardDescription>
          </div>
          <LazyChoiceSelect
            className="w-56"
            label="Filter by action"
            value={action}
            onChange={(v) => {
              setAction(v);
              setPage(1);
            }}
            choices={[['all', 'All actions'], ...Object.entries(ACTIONS)]}
          />
        </CardHeader>
        <CardContent>
          {log.isLoading ? (
            <div className="space-y-2" aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : log.isError || !log.data ? (
            <Alert variant="destructive">
              <AlertTitle>Error</AlertTitle>
              <AlertDescription>Failed to load the audit log. Please try again later.</AlertDescription>
            </Alert>
          ) : log.data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
              <ScrollText className="size-10" aria-hidden="true" />
              <p className="font-medium text-foreground">No actions recorded</p>
              <p className="text-sm">Changes to members, settings and branding will appear here.</p>
            </div>
          ) : (
            <AdminTable caption="Audit log" columns={COLUMNS} busy={log.isFetching}>
              {log.data.items.map((e) => (
                <tr key={e.id} className="border-t align-top">
                  <td className="px-4 py-3 whitespace-nowrap" title={formatDateTime(e.createdAt)}>
                    {timeAgo(e.createdAt)}
                  </td>
                  <td className="px-4 py-3">{actorName(e.actor)}</td>
                  <td className="px-4 py-3">{ACTIONS[e.action] ?? e.action}</td>
                  <td className="px-4 py-3">{target(e)}</td>
                  <td className="px-4 py-3 break-words text-muted-foreground">{details(e)}</td>
                </tr>
              ))}
            </AdminTable>
          )}
          <Pagination
            page={page}
            pageSize={AUDIT_PAGE_SIZE}
            total={log.data?.total ?? 0}
            noun="entry"
            onPageChange={setPage}
          />
        </CardContent>
      </Card>
    </div>
  );
}

/** `/admin/audit`: beyond the spec, the record of administrative actions for owners and admins. */
export function AuditPage() {
  return (
    <AdminAccess need="users">{(organizationId) => <AuditLog organizationId={organizationId} />}</AdminAccess>
  );
}
