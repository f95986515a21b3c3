// Small rules the volunteer screens share: grouping shifts by day, what the signed-in member may
// do with a shift, and the words for a refused sign-up.
import type { Shift } from '@common/schemas/volunteer';
import { CANCEL_BEFORE_HOURS, openPlaces } from '@common/volunteer';

/** Shifts by the local day they start on ('YYYY-MM-DD', the first ten characters), in order. */
export function byDay(shifts: readonly Shift[]): [string, Shift[]][] {
  const days = new Map<string, Shift[]>();
  for (const s of shifts) {
    const day = s.startDateTime.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  return [...days];
}

export type MyShiftState = 'none' | 'held' | 'offered' | 'present' | 'no_show';

export function myState(shift: Shift, userId: number | undefined): MyShiftState {
  const mine = shift.volunteers.find((v) => v.userId === userId);
  if (!mine) return 'none';
  if (mine.status === 'signed_up') return 'held';
  return mine.status;
}

/** What the member may press: sign up (or take an offered place), cancel, or offer. */
export function memberActions(shift: Shift, userId: number | undefined, now = Date.now()) {
  const state = myState(shift, userId);
  const start = Date.parse(shift.startDateTime);
  const started = start <= now;
  const othersOffered = shift.volunteers.some((v) => v.status === 'offered' && v.userId !== userId);
  return {
    state,
    canSignUp: !started && state === 'none' && (shift.taken < shift.places || othersOffered),
    takesOffered: shift.taken >= shift.places && othersOffered,
    canCancel: !started && state === 'held' && start - now >= CANCEL_BEFORE_HOURS * 3_600_000,
    canOffer: !started && state === 'held',
  };
}

export const placesLeft = (shift: Shift) => openPlaces(shift);
