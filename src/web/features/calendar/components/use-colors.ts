import { useEffect, useState } from 'react';
import { readSpaceColors, readTypeColors } from '../lib/colors';

/** The colours saved in this browser; updates when the colour dialog saves. */
export function useCalendarColors() {
  const [colors, setColors] = useState(() => ({ types: readTypeColors(), spaces: readSpaceColors() }));
  useEffect(() => {
    const update = () => setColors({ types: readTypeColors(), spaces: readSpaceColors() });
    window.addEventListener('calendar-colors', update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener('calendar-colors', update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return colors;
}
