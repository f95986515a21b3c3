// Members from a spreadsheet: every row's fate before anything is made, then links to the members.
import type { MemberImportResult } from '@common/schemas/imports';
import { Link } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { type AdminColumn, AdminTable } from '../../admin/components/admin-table';
import { useImportUpload } from '../api/imports';
import { ImportPanel } from './import-panel';

const COLUMNS: AdminColumn[] = [
  { label: 'Line' },
  { label: 'Username' },
  { label: 'Fate' },
  { label: 'Message' },
];
const FATE = { create: 'Create', skip: 'Skip', error: 'Error' } as const;
const VARIANT = { create: 'default', skip: 'secondary', error: 'destructive' } as const;

function Rows({ result, links }: { result: MemberImportResult; links: boolean }) {
  return (
    <>
      <p>
        {result.dryRun ? 'Would create' : 'Created'} {result.created}, skipped {result.skipped}, errors{' '}
        {result.errors}.
        {result.errors > 0 &&
          ' A file with errors creates nothing: fix the rows marked Error and preview again.'}
      </p>
      <AdminTable caption="Rows of the file" columns={COLUMNS}>
        {result.rows.map((r) => (
          <tr key={r.line} className="border-t">
            <td className="px-4 py-2">{r.line}</td>
            <td className="px-4 py-2">
              {links && r.userId ? (
                <Link href={`/admin/users?search=${encodeURIComponent(r.username)}`} className="underline">
                  {r.username}
                </Link>
              ) : (
                r.username || '—'
              )}
            </td>
            <td className="px-4 py-2">
              <Badge variant={VARIANT[r.status]}>{FATE[r.status]}</Badge>
            </td>
            <td className="px-4 py-2 text-muted-foreground">{r.message ?? ''}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

export function MemberImport({ organizationId }: { organizationId: number }) {
  const upload = useImportUpload(organizationId, 'members');
  return (
    <ImportPanel<MemberImportResult>
      accept=".csv,text/csv"
      fileLabel="Members CSV file"
      hint="A header naming any of username, email, firstName, lastName, role, organizationRoles, teams (lists separated by ;). Comma or semicolon, UTF-8. At most 5,000 rows and 2 MB. New members get an email to set their password."
      run={(file, dryRun) => upload.run(file, {}, dryRun)}
      progress={upload.progress}
      error={upload.error}
      canImport={(p) => p.errors === 0 && p.created > 0}
      renderPreview={(p) => <Rows result={p} links={false} />}
      renderResult={(r) => <Rows result={r} links />}
    />
  );
}
