import { Database, Table2 } from 'lucide-react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { cn } from '@web/lib/utils';
import { useSchema, useTables } from '../api/database';
import { SchemaTable } from '../components/schema-table';
import { TableRecords } from '../components/table-records';
import { useUrlState } from '../hooks/use-url-state';
import { identifierParts } from '../lib/identifier-parts';

function IdentifierText({ name }: { name: string }) {
  return identifierParts(name).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed name, in order
    <span key={i}>
      {part}
      <wbr />
    </span>
  ));
}

function TableList({ current, onPick }: { current: string; onPick: (table: string) => void }) {
  const tables = useTables();
  if (tables.isLoading) return <Skeleton className="h-80 w-full" aria-busy="true" />;
  if (tables.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Failed to fetch table data</AlertDescription>
      </Alert>
    );
  }
  return (
    <nav aria-label="Tables">
      <ul className="space-y-1">
        {(tables.data ?? []).map((t) => (
          <li key={t.name}>
            <button
              type="button"
              aria-current={t.name === current ? 'true' : undefined}
              onClick={() => onPick(t.name)}
              className={cn(
                'flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm',
                t.name === current ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
              )}
            >
              {/* A long table name wraps after an underscore: in a narrow column it is still read whole. */}
              <span
                className="flex min-w-0 items-center gap-2 font-mono [overflow-wrap:anywhere]"
                title={t.name}
              >
                <Table2 className="size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0" data-testid="table-name">
                  <IdentifierText name={t.name} />
                </span>
              </span>
              <span className="shrink-0 text-xs opacity-80">{t.rowCount}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SchemaView({ table }: { table: string }) {
  const schema = useSchema(table);
  if (schema.isLoading) return <Skeleton className="h-40 w-full" />;
  if (schema.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Failed to fetch table schema</AlertDescription>
      </Alert>
    );
  }
  return <SchemaTable columns={schema.data?.columns ?? []} />;
}

/** `/system/database`: the Database Manager over the allow-listed tables. */
export function DatabasePage() {
  const [state, setState] = useUrlState({ table: '', view: 'records', search: '', page: '1' });
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Database Manager</h1>
        <p className="text-muted-foreground">
          Inspect and repair records. Credentials (password hashes, tokens, sessions) are never shown here,
          and every change is written to the audit log.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <Card className="h-fit">
          <CardHeader className="pb-3">
            <CardTitle as="h2" className="text-base">
              Tables
            </CardTitle>
          </CardHeader>
          <CardContent>
            <TableList current={state.table} onPick={(table) => setState({ table, search: '', page: '1' })} />
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle as="h2" className="font-mono">
              {state.table ? <IdentifierText name={state.table} /> : 'Choose a table'}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {state.table === '' ? (
              <div className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
                <Database className="size-10" aria-hidden="true" />
                <p>Select a table on the left to see its records and schema.</p>
              </div>
            ) : (
              <Tabs value={state.view} onValueChange={(view) => setState({ view })}>
                <TabsList>
                  <TabsTrigger value="records">Records</TabsTrigger>
                  <TabsTrigger value="schema">Schema</TabsTrigger>
                </TabsList>
                <TabsContent value="records" className="pt-4">
                  <TableRecords
                    key={state.table}
                    table={state.table}
                    search={state.search}
                    page={page}
                    onSearch={(search) => setState({ search, page: '1' })}
                    onPage={(p) => setState({ page: String(p) })}
                  />
                </TabsContent>
                <TabsContent value="schema" className="pt-4">
                  <SchemaView table={state.table} />
                </TabsContent>
              </Tabs>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
