// Reading an uploaded calendar file is untrusted work: it runs on a worker thread within a budget
// per file, and a file past its budget is refused with a 400 instead of holding the server.
import { runInWorker } from '../../untrusted/run-in-worker';
import type { StepLimits } from './ical-steps';
import type { ReadResult } from './ics-read';

export const FILE_TOO_COSTLY =
  'Reading this calendar file took too long; split it into smaller files and import them one by one';

export interface ReadBudget extends StepLimits {
  timeMs: number;
  memoryMb: number;
}

export const READ_BUDGET: ReadBudget = {
  timeMs: 5_000,
  memoryMb: 256,
  steps: 100_000,
  stepsWithoutDate: 5_000,
};

const READER = new URL('./ics-read.ts', import.meta.url);

/** The file's events as the organization's zone reads them, dates up to `horizonEnd`. */
export function readCalendarFile(
  text: string,
  options: { timeZone: string; horizonEnd: Date; budget?: Partial<ReadBudget> },
): Promise<ReadResult> {
  const budget = { ...READ_BUDGET, ...options.budget };
  const limits: StepLimits = { steps: budget.steps, stepsWithoutDate: budget.stepsWithoutDate };
  return runInWorker<ReadResult>(
    READER,
    'readCalendar',
    [text, options.timeZone, options.horizonEnd, limits],
    {
      timeMs: budget.timeMs,
      memoryMb: budget.memoryMb,
      tooCostly: FILE_TOO_COSTLY,
    },
  );
}
