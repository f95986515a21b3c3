// What the oracle and property tests share: a seeded random source, and calendar arithmetic and
// wall-clock reading written without the product's own date code (UTC Date values as a calendar
// of local dates; Intl for a zone's wall clock).

/** A small seeded generator (mulberry32): the same seed gives the same run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' ↔ a day number: day arithmetic with no time zone involved. */
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The wall clock 'YYYY-MM-DDTHH:MM' of an instant in a zone, read by Intl. */
export function wallReader(timeZone: string) {
  const local = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (instant: Date | number): string => {
    const p = Object.fromEntries(local.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
  };
}
