// "Leaving with unsaved changes asks first": closing or reloading the tab (the browser's own
// prompt), following any link in the app, and the editor's Cancel.
import { useCallback, useEffect } from 'react';

export const LEAVE_QUESTION = 'You have unsaved changes. Leave without saving?';

export function useUnsavedGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    // Capture phase, so the question comes before the router handles the click.
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as HTMLElement | null)?.closest?.('a[href]');
      if (!anchor || anchor.getAttribute('target') === '_blank') return;
      if (!window.confirm(LEAVE_QUESTION)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  /** For the screen's own ways out (Cancel): true when there is nothing to lose or the user agrees. */
  return useCallback(() => !dirty || window.confirm(LEAVE_QUESTION), [dirty]);
}
