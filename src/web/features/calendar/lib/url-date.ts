import { dateProblem } from '@common/calendar';

/** A date from the address ('YYYY-MM-DD', a real day the calendar holds), else false. */
export const isDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && dateProblem(value) === null;
