// Side-by-side placement of overlapping events in a day column (week and day views): events
// that overlap share the column's width, each in the leftmost free lane.
export interface Placed<T> {
  item: T;
  start: number;
  end: number;
  lane: number;
  lanes: number;
}

export function layoutDay<T>(items: { item: T; start: number; end: number }[]): Placed<T>[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end);
  const placed: Placed<T>[] = [];
  let group: Placed<T>[] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  const close = () => {
    const lanes = Math.max(1, ...group.map((p) => p.lane + 1));
    for (const p of group) p.lanes = lanes;
    group = [];
  };
  for (const entry of sorted) {
    if (entry.start >= groupEnd) {
      close();
      groupEnd = Number.NEGATIVE_INFINITY;
    }
    const busy = new Set(group.filter((p) => p.end > entry.start).map((p) => p.lane));
    let lane = 0;
    while (busy.has(lane)) lane++;
    const p: Placed<T> = { ...entry, lane, lanes: 1 };
    group.push(p);
    placed.push(p);
    groupEnd = Math.max(groupEnd, entry.end);
  }
  close();
  return placed;
}
