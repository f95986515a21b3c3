import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ErrorBoundary } from './components/error-boundary';
import { AppLayout } from './components/layout/app-layout';
import { RouteGuard } from './components/route-guard';
import { FullPageSpinner, Spinner } from './components/ui/spinner';
import { NotFoundPage } from './pages/not-found-page';
import { type AppRoute, routes } from './routes';

function Screen({ route }: { route: AppRoute }) {
  const Page = route.component;
  if (route.layout === 'bare') {
    return (
      <RouteGuard access={route.access}>
        <ErrorBoundary>
          <Suspense fallback={<FullPageSpinner label="Loading" />}>
            <Page />
          </Suspense>
        </ErrorBoundary>
      </RouteGuard>
    );
  }
  return (
    <RouteGuard access={route.access}>
      <AppLayout>
        <ErrorBoundary>
          <Suspense fallback={<Spinner label="Loading" className="py-16" />}>
            <Page />
          </Suspense>
        </ErrorBoundary>
      </AppLayout>
    </RouteGuard>
  );
}

export function Router() {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          <Screen route={route} />
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
