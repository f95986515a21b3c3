import { describe, expect, it } from 'vitest';
import type { Actor } from '@common/permissions';
import { adminFlags, visibleNav } from './nav';

const member = (role: string | null, isSystemUser = false): Actor => ({ role, isSystemUser });
const adminLabels = (actor: Actor, location: string) =>
  visibleNav({ actor, hasOrganization: true, location })
    .find((g) => g.id === 'admin')
    ?.items.map((i) => i.label) ?? [];

describe('side-menu admin flags', () => {
  it('are owner, admin or system user on ordinary pages', () => {
    for (const [actor, expected] of [
      [member('owner'), true],
      [member('admin'), true],
      [member(null, true), true],
      [member('board'), false],
      [member('standard_user'), false],
    ] as const)
      expect(adminFlags({ actor, hasOrganization: true, location: '/dashboard' })).toEqual({
        manageUsers: expected,
        manageSettings: expected,
      });
  });

  it('are owner or admin on the calendar page, so a system user has none there', () => {
    expect(
      adminFlags({ actor: member(null, true), hasOrganization: true, location: '/calendar' }).manageUsers,
    ).toBe(false);
    expect(
      adminFlags({ actor: member('admin'), hasOrganization: true, location: '/calendar/my-schedule' }),
    ).toEqual({
      manageUsers: true,
      manageSettings: true,
    });
  });

  it('are the wiki writers on library pages', () => {
    for (const role of ['owner', 'admin', 'board', 'volunteer_coordinator', 'team_lead'])
      expect(adminLabels(member(role), '/library/home')).toContain('User Management');
    expect(adminLabels(member('board'), '/library-search')).toContain('Organization Settings');
    expect(adminLabels(member('standard_user'), '/library/home')).toEqual([]);
    expect(adminLabels(member('board'), '/dashboard')).toEqual([]);
  });
});

describe('organization screens in the menu', () => {
  const labels = (actor: Actor, hasOrganization: boolean) =>
    visibleNav({ actor, hasOrganization, location: '/dashboard' }).flatMap((g) =>
      g.items.map((i) => i.label),
    );

  it('are not offered to a system user outside any organization, who gets the picker instead', () => {
    const shown = labels(member(null, true), false);
    for (const label of ['Directory', 'Calendar', 'Library']) expect(shown).not.toContain(label);
    expect(shown).toContain('Open an Organization');
  });

  it('are offered to members and to a system user on an organization address', () => {
    for (const actor of [member('standard_user'), member(null, true)]) {
      const shown = labels(actor, true);
      for (const label of ['Directory', 'Calendar', 'Library']) expect(shown).toContain(label);
    }
    expect(labels(member('owner'), true)).not.toContain('Open an Organization');
  });
});
