// The hours ledger for coordinators: per member over a season (a date range in the address),
// shifts, hours present, no-shows and how far short of the organization's target; CSV download.
import { addDays } from '@common/zoned-time';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { FetchError } from '@web/components/fetch-error';
import { TableHead } from '@web/components/table-head';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { hoursCsvUrl, useHours } from '../api/volunteer';

const COLUMNS = [
  { label: 'Member' },
  { label: 'Shifts', className: 'text-right' },
  { label: 'Hours', className: 'text-right' },
  { label: 'No-shows', className: 'text-right' },
  { label: 'Short by', className: 'text-right' },
] as const;

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

export function HoursLedgerView({ orgId, today }: { orgId: number; today: string }) {
  const [range, setRange] = useState({ from: addDays(today, -365), to: today });
  const ledger = useHours(orgId, range);
  const short = (ledger.data?.members ?? []).filter((m) => m.shortBy > 0).length;
  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label="Season"
        onSubmit={(e) => e.preventDefault()}
      >
        {(['from', 'to'] as const).map((key) => (
          <div key={key} className="space-y-1">
            <Label htmlFor={`hours-${key}`}>{key === 'from' ? 'From' : 'To'}</Label>
            <Input
              id={`hours-${key}`}
              type="date"
              className="w-44"
              value={range[key]}
              onChange={(e) => isDate(e.target.value) && setRange({ ...range, [key]: e.target.value })}
            />
          </div>
        ))}
        <Button variant="outline" asChild className="ml-auto">
          <a href={hoursCsvUrl(orgId, range)} download>
            <Download aria-hidden="true" /> Download CSV
          </a>
        </Button>
      </form>
      {ledger.isError ? (
        <FetchError
          title="Failed to fetch the hours ledger"
          error={ledger.error}
          onRetry={() => ledger.refetch()}
        />
      ) : !ledger.data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {ledger.data.target === null
              ? 'No target is set (Organization Settings → Volunteer hours target).'
              : `Target: ${ledger.data.target} hours per member. ${short} ${short === 1 ? 'member is' : 'members are'} short.`}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Volunteer hours per member</caption>
              <TableHead
                columns={COLUMNS}
                rowClassName="border-b text-left"
                cellClassName="py-2 pr-2 font-medium"
              />
              <tbody>
                {ledger.data.members.map((m) => (
                  <tr key={m.userId} className="border-b">
                    <td className="break-words py-2 pr-2">{m.name}</td>
                    <td className="py-2 text-right">{m.shifts}</td>
                    <td className="py-2 text-right">{m.hours}</td>
                    <td className="py-2 text-right">{m.noShows}</td>
                    <td className={m.shortBy > 0 ? 'py-2 text-right font-semibold' : 'py-2 text-right'}>
                      {m.shortBy}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
