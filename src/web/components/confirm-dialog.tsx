import { lazy, useState } from 'react';
import { MountWhenOpened } from './mount-when-opened';

export interface ConfirmRequest {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => Promise<unknown> | undefined;
}

// The dialog (Radix Dialog, its focus trap and scroll lock, about 12 KB) loads on the first
// question, so a page that may ask does not carry it on its first visit.
const ConfirmDialogView = lazy(async () => ({
  default: (await import('./confirm-dialog-view')).ConfirmDialogView,
}));

/** The confirm prompt for `request` (none while null), mounted from its first question on. */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  return (
    <MountWhenOpened open={request !== null}>
      <ConfirmDialogView request={request} onClose={onClose} />
    </MountWhenOpened>
  );
}

/** State for one page's confirm prompts: `ask({...})` opens, the dialog closes itself. */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  return {
    ask: setRequest,
    dialog: <ConfirmDialog request={request} onClose={() => setRequest(null)} />,
  };
}
