import { useState } from 'react';

/**
 * True from the first render where `value` is true, and from then on. A lazily loaded dialog is
 * mounted on its first opening and kept mounted, so later closings animate and give focus back
 * exactly as an always-mounted dialog does.
 */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}
