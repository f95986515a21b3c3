import { formatDay } from '@common/format-date';

/** A week's label in the analytics charts and tables: the date of the week's day (`YYYY-MM-DD`). */
export const weekLabel = (week: string) => formatDay(week);
