import { type ReactNode, Suspense } from 'react';
import { useLatch } from '@web/hooks/use-latch';

/**
 * Mounts a lazily loaded dialog on its first opening and keeps it mounted (useLatch), so its code
 * (a form, its schema, a select menu) is not part of the page's first visit, and later closings
 * still animate and give focus back as an always-mounted dialog does.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const used = useLatch(open);
  return used ? <Suspense fallback={null}>{children}</Suspense> : null;
}
