import { Theater } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@web/lib/utils';

interface AuthShellProps {
  children: React.ReactNode;
  /** Wider forms (new organization) need more room than a sign-in card. */
  wide?: boolean;
}

/**
 * The signed-out pages' frame: the product mark, then one centred card. The mark is the page's
 * banner, so everything on the page sits in a landmark.
 */
export function AuthShell({ children, wide = false }: AuthShellProps) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-10">
      <header className="mb-8">
        <Link
          href="/"
          className="flex items-center gap-2 rounded-md text-xl font-bold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Theater className="size-7 text-primary-text" aria-hidden="true" />
          Greenroom
        </Link>
      </header>
      <main className={cn('w-full', wide ? 'max-w-2xl' : 'max-w-md')}>{children}</main>
    </div>
  );
}
