// ical.js walks a rule until it meets a date the rule accepts and never gives up on a rule that
// accepts none (daily, in February, on the 30th): one call to next() never returns. Every step of
// that walk asks check_contracting_rules, so counting there bounds it: steps since the last date
// (one rule, or one zone's rules) and steps in all (one file).
import ICAL from 'ical.js';

/** A rule walked this far without a date has none the reader will wait for. */
export class RuleWithoutDates extends Error {}
/** The file as a whole has used its steps. */
export class FileStepsSpent extends Error {}

export interface StepLimits {
  steps: number;
  stepsWithoutDate: number;
}

let meter: (StepLimits & { total: number; sinceDate: number }) | null = null;

type Iterator = { check_contracting_rules(): boolean };
const prototype = ICAL.RecurIterator.prototype as unknown as Iterator;
const check = prototype.check_contracting_rules;
prototype.check_contracting_rules = function (this: Iterator) {
  if (meter) {
    if (++meter.total > meter.steps) throw new FileStepsSpent();
    if (++meter.sinceDate > meter.stepsWithoutDate) throw new RuleWithoutDates();
  }
  return check.call(this);
};

/** Runs `read` with every ical.js rule walk inside it counted against `limits`. */
export function withStepLimits<T>(limits: StepLimits, read: () => T): T {
  meter = { ...limits, total: 0, sinceDate: 0 };
  try {
    return read();
  } finally {
    meter = null;
  }
}

/** A date was found (or a new event begins): the walk to the next one starts its count again. */
export function progressed() {
  if (meter) meter.sinceDate = 0;
}
