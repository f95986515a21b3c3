import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useLatch } from '@web/hooks/use-latch';
import { useMediaQuery } from '@web/hooks/use-media-query';
import { Header } from './header';
import { SidebarNav } from './sidebar';

// The phone drawer (a Radix dialog) loads when it is first opened.
const MobileDrawer = lazy(async () => ({ default: (await import('./mobile-drawer')).MobileDrawer }));

const WIDE = '(min-width: 768px)';

/** Header and side menu around every signed-in screen. */
export function AppLayout({ children }: { children: React.ReactNode }) {
  const wide = useMediaQuery(WIDE);
  // Wide screens show the menu beside the page; narrow ones open it as a drawer on demand.
  const [wideOpen, setWideOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerUsed = useLatch(drawerOpen);
  const [location] = useLocation();

  useEffect(() => {
    if (location) setDrawerOpen(false);
  }, [location]);

  const menuOpen = wide ? wideOpen : drawerOpen;
  return (
    <div className="min-h-screen bg-background print:min-h-0 print:bg-white">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header
        menuOpen={menuOpen}
        onToggleMenu={() => (wide ? setWideOpen((o) => !o) : setDrawerOpen((o) => !o))}
      />
      <div className="flex">
        {wide ? (
          <aside
            id="side-menu"
            hidden={!wideOpen}
            className="sticky top-16 h-[calc(100vh-4rem)] w-64 shrink-0 overflow-y-auto border-r bg-card print:hidden"
          >
            <SidebarNav />
          </aside>
        ) : (
          drawerUsed && (
            <Suspense fallback={null}>
              <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
            </Suspense>
          )
        )}
        <main id="main-content" className="min-w-0 flex-1 p-4 md:p-8 print:p-0">
          {children}
        </main>
      </div>
    </div>
  );
}
