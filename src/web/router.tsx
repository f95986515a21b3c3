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

// Routes that show one screen share a React key, so moving between them (the calendar's tabs)
// updates that screen instead of building a new one, and it keeps its view and date.
const screenKeys = new Map(routes.map((route) => [route.component, route.path]));

export function Router() {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={screenKeys.get(route.component)} path={route.path}>
          <Screen route={route} />
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
