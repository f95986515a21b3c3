import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { AppLayout } from '@web/components/layout/app-layout';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useAuth } from '@web/lib/session';

function NotFoundCard({ homeHref, homeLabel }: { homeHref: string; homeLabel: string }) {
  return (
    <Card className="w-full max-w-md">
      <CardContent className="pt-6">
        <div className="mb-4 flex gap-2">
          <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button className="mt-6" asChild>
          <Link href={homeHref}>{homeLabel}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The catch-all. A signed-in member keeps the header and side menu, so a
 * mistyped address is one click from anywhere; everyone gets a way home.
 */
export function NotFoundPage() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isAuthenticated) {
    return (
      <AppLayout>
        <div className="flex justify-center py-12">
          <NotFoundCard homeHref="/dashboard" homeLabel="Go to the Dashboard" />
        </div>
      </AppLayout>
    );
  }
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-muted/40 px-4">
      {!isLoading && <NotFoundCard homeHref="/" homeLabel="Back to Home" />}
    </main>
  );
}
