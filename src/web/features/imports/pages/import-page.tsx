import { useLocation, useSearch } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AdminAccess } from '../../admin/components/admin-access';
import type { ImportKind } from '../api/imports';
import { CalendarImport } from '../components/calendar-import';
import { MemberImport } from '../components/member-import';

/** `/admin/import?kind=members|calendar`: moving in from a spreadsheet and a calendar app. */
export function ImportPage() {
  const [location, navigate] = useLocation();
  const kind: ImportKind =
    new URLSearchParams(useSearch()).get('kind') === 'calendar' ? 'calendar' : 'members';
  return (
    <AdminAccess need="users">
      {(organizationId) => (
        <div className="mx-auto max-w-5xl space-y-6">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Import</h1>
            <p className="text-muted-foreground">
              Bring your members from a spreadsheet and your season from a calendar app.
            </p>
          </div>
          <Tabs value={kind} onValueChange={(v) => navigate(`${location}?kind=${v}`)}>
            <TabsList>
              <TabsTrigger value="members">Members (CSV)</TabsTrigger>
              <TabsTrigger value="calendar">Calendar (.ics)</TabsTrigger>
            </TabsList>
            <TabsContent value="members">
              <Card>
                <CardHeader>
                  <CardTitle as="h2">Members from a spreadsheet</CardTitle>
                  <CardDescription>
                    Preview shows what happens to every row; nothing is made until you import.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <MemberImport organizationId={organizationId} />
                </CardContent>
              </Card>
            </TabsContent>
            <TabsContent value="calendar">
              <Card>
                <CardHeader>
                  <CardTitle as="h2">A season from a calendar app</CardTitle>
                  <CardDescription>
                    Preview shows what each event becomes; nothing is made until you import.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <CalendarImport organizationId={organizationId} />
                </CardContent>
              </Card>
            </TabsContent>
          </Tabs>
        </div>
      )}
    </AdminAccess>
  );
}
