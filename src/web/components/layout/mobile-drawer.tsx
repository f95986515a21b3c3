import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { SidebarNav } from './sidebar';

/**
 * The side menu on narrow screens: a real modal (focus moves inside and stays there, Escape and
 * the overlay close it, focus returns to the menu button), sliding in under the header.
 */
export function MobileDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 data-[state=open]:animate-overlay-in" />
        <DialogPrimitive.Content
          id="side-menu"
          aria-describedby={undefined}
          className="fixed top-0 bottom-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-r bg-card"
          onCloseAutoFocus={(event) => {
            const toggle = document.querySelector<HTMLElement>('[aria-controls="side-menu"]');
            if (toggle) {
              event.preventDefault();
              toggle.focus();
            }
          }}
        >
          <div className="flex h-16 items-center justify-between border-b px-4">
            <DialogPrimitive.Title className="font-semibold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="inline-flex size-11 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="size-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <SidebarNav onNavigate={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
