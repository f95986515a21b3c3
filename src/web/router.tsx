import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
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
        <Suspense fallback={<FullPageSpinner label="Loading" />}>
          <Page />
        </Suspense>
      </RouteGuard>
    );
  }
  return (
    <RouteGuard access={route.access}>
      <AppLayout>
        <Suspense fallback={<Spinner label="Loading" className="py-16" />}>
          <Page />
        </Suspense>
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
