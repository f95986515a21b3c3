import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';

const RELOADED_KEY = 'greenroom:chunk-reload';

/** A page's code chunk vanished, typically because a new version was deployed meanwhile. */
function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|module script failed|Failed to fetch|text\/html/i.test(error.message);
}

interface State {
  error: Error | null;
}

/** Catches a screen's render failure so the rest of the app (header, menu) stays usable. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // One automatic reload fetches the new version's chunks; a second failure is shown instead.
    if (isChunkLoadError(error) && !sessionStorage.getItem(RELOADED_KEY)) {
      sessionStorage.setItem(RELOADED_KEY, '1');
      window.location.reload();
      return;
    }
    console.error(error, info.componentStack);
  }

  override componentDidMount() {
    if (!this.state.error) sessionStorage.removeItem(RELOADED_KEY);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-md space-y-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="text-muted-foreground">This page could not be shown. Reloading usually fixes it.</p>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </div>
    );
  }
}
