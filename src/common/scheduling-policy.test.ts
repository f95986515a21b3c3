// The scheduling rules of the policy, on their own: who manages whom, who sets calls,
// who takes attendance, who reads the report.
import { describe, expect, it } from 'vitest';
import { type Actor, policy } from './permissions';
import { attendanceRate, summarizeConflicts } from './scheduling';

const as = (role: string, userId = 1): Actor => ({ isSystemUser: false, role, userId });
const rehearsal = { reservedBy: 7, teamIds: [10, 11], eventType: 'rehearsal', instructorId: null };

describe('scheduling policy', () => {
  it('owners and admins manage everyone; a team lead the members of the teams they lead', () => {
    expect(policy.manageMember(as('owner'), [], [])).toBe(true);
    expect(policy.manageMember(as('admin'), [], [3])).toBe(true);
    expect(policy.manageMember(as('standard_user'), [3], [2, 3])).toBe(true);
    expect(policy.manageMember(as('standard_user'), [3], [2])).toBe(false);
    // The organization-wide 'team_lead' role alone manages no one: leading a team does.
    expect(policy.manageMember(as('team_lead'), [], [2])).toBe(false);
    expect(policy.manageMember(as('board'), [], [2])).toBe(false);
    expect(policy.manageMember({ isSystemUser: true, role: null }, [], [2])).toBe(true);
  });

  it("an event's calls: its reserver, owners, admins and the leads of its teams", () => {
    expect(policy.manageEventCalls(as('standard_user', 7), rehearsal, [])).toBe(true);
    expect(policy.manageEventCalls(as('admin'), rehearsal, [])).toBe(true);
    expect(policy.manageEventCalls(as('standard_user'), rehearsal, [11])).toBe(true);
    expect(policy.manageEventCalls(as('standard_user'), rehearsal, [12])).toBe(false);
    expect(policy.manageEventCalls(as('board'), rehearsal, [])).toBe(false);
  });

  it("attendance: the event's managers and a class's instructor", () => {
    const cls = { ...rehearsal, eventType: 'class', teamIds: [], instructorId: 5 };
    expect(policy.takeAttendance(as('standard_user', 5), cls, [])).toBe(true);
    expect(policy.takeAttendance(as('standard_user', 5), { ...cls, eventType: 'rehearsal' }, [])).toBe(false);
    expect(policy.takeAttendance(as('standard_user', 6), cls, [])).toBe(false);
    expect(policy.takeAttendance(as('owner'), cls, [])).toBe(true);
  });

  it('the attendance report: owners and admins for all, leads for the teams they lead', () => {
    expect(policy.viewAttendanceReport(as('owner'), [])).toBe(true);
    expect(policy.viewAttendanceReport(as('standard_user'), [4])).toBe(true);
    expect(policy.viewAttendanceReport(as('standard_user'), [4], 4)).toBe(true);
    expect(policy.viewAttendanceReport(as('standard_user'), [4], 5)).toBe(false);
    expect(policy.viewAttendanceReport(as('team_lead'), [])).toBe(false);
  });
});

describe('scheduling helpers', () => {
  it('rates count present and late over everything recorded', () => {
    expect(attendanceRate({ present: 2, late: 1, total: 4 })).toBe(0.75);
    expect(attendanceRate({ present: 1, late: 0, total: 3 })).toBe(0.333);
    expect(attendanceRate({ present: 0, late: 0, total: 0 })).toBeNull();
  });

  it('summarises a conflict report in a sentence', () => {
    const base = { peopleCount: 12, occurrenceCount: 8, peopleWithConflicts: 3, occurrencesWithConflicts: 2 };
    expect(summarizeConflicts(base)).toBe('3 of 12 people have conflicts on 2 of 8 dates');
    expect(summarizeConflicts({ ...base, peopleWithConflicts: 1, occurrencesWithConflicts: 1 })).toBe(
      '1 of 12 people has conflicts on 1 of 8 dates',
    );
    expect(summarizeConflicts({ ...base, peopleWithConflicts: 0 })).toBe('No conflicts for 12 people');
    expect(summarizeConflicts({ ...base, peopleCount: 0 })).toBe('No people to check yet');
  });
});
