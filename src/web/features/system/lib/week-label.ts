import { formatDate } from '@web/lib/format';

/** A week's label in the analytics charts and tables: the date of the week's day (`YYYY-MM-DD`). */
export const weekLabel = (week: string) => formatDate(`${week}T12:00:00`);
