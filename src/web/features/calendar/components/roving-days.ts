import { useCallback, useEffect, useRef, useState } from 'react';
import { addDays } from '@common/zoned-time';

/** How far each key moves in a grid `columns` days wide. */
function stepOf(key: string, columns: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return -1;
    case 'ArrowRight':
      return 1;
    case 'ArrowUp':
      return columns === 1 ? -1 : -columns;
    case 'ArrowDown':
      return columns === 1 ? 1 : columns;
    default:
      return null;
  }
}

/**
 * A roving tabindex over the days of a grid: one Tab stop (the active day), arrow keys move it
 * within `days`, Home and End go to the first and last day. The active day starts at `initial`
 * (the day in the address) and follows it when it changes.
 */
export function useRovingDays(days: string[], initial: string, columns: number) {
  const [active, setActive] = useState(() => (days.includes(initial) ? initial : days[0]));
  const container = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    setActive(days.includes(initial) ? initial : days[0]);
  }, [initial, days]);

  // Focus follows the active day only after a key moved it, never on first render.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    container.current?.querySelector<HTMLElement>(`[data-day-button="${active}"]`)?.focus();
  }, [active]);

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (!target.dataset.dayButton) return;
      let next: string | null = null;
      const step = stepOf(event.key, columns);
      if (step !== null) next = addDays(active, step);
      if (event.key === 'Home') next = days[0];
      if (event.key === 'End') next = days[days.length - 1];
      if (!next || !days.includes(next)) return;
      event.preventDefault();
      moved.current = true;
      setActive(next);
    },
    [active, days, columns],
  );

  return { active, setActive, container, onKeyDown };
}
