import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { cn } from '@web/lib/utils';
import { Header } from './header';
import { SidebarNav } from './sidebar';

const WIDE = '(min-width: 768px)';

/** Header and side menu around every signed-in screen (spec part 1 §2). */
export function AppLayout({ children }: { children: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(() => window.matchMedia(WIDE).matches);
  const [location] = useLocation();

  // On narrow screens the menu covers the page, so it closes when the user goes somewhere.
  useEffect(() => {
    if (location && !window.matchMedia(WIDE).matches) setMenuOpen(false);
  }, [location]);

  return (
    <div className="min-h-screen bg-background">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((o) => !o)} />
      <div className="flex">
        {menuOpen && (
          <button
            type="button"
            aria-label="Close menu"
            tabIndex={-1}
            className="fixed inset-0 top-16 z-20 bg-black/40 md:hidden"
            onClick={() => setMenuOpen(false)}
          />
        )}
        <aside
          id="side-menu"
          hidden={!menuOpen}
          className={cn(
            'fixed top-16 bottom-0 left-0 z-30 w-64 overflow-y-auto border-r bg-card md:sticky md:h-[calc(100vh-4rem)]',
          )}
        >
          <SidebarNav />
        </aside>
        <main id="main-content" className="min-w-0 flex-1 p-4 md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
