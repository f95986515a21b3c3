import { type ToastOptions, toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';

/**
 * A roster save's answer (Call People, Take Attendance), as the mutation's callbacks: what was
 * saved as a toast and the dialog closed, or why it failed as a destructive toast.
 */
export function saveToasts(failedTitle: string, saved: () => ToastOptions, done: () => void) {
  return {
    onSuccess: () => {
      toast(saved());
      done();
    },
    onError: (error: unknown) =>
      toast({
        title: failedTitle,
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  };
}
