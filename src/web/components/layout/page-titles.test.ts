import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-titles';

describe('pageTitle (a page named for people, not as its address)', () => {
  it('names the pages of the side menu and the ones it does not list', () => {
    expect(pageTitle('/dashboard')).toBe('Dashboard');
    expect(pageTitle('/calendar')).toBe('Calendar');
    expect(pageTitle('/calendar/my-schedule')).toBe('My Schedule');
    expect(pageTitle('/admin/users')).toBe('User Management');
    expect(pageTitle('/system/analytics')).toBe('Analytics');
  });

  it('names a page under a known one after the nearest, ignoring query, hash and a trailing slash', () => {
    expect(pageTitle('/directory/teams/hamlet-cast')).toBe('Teams');
    expect(pageTitle('/library/opening-night?edit=1')).toBe('Library');
    expect(pageTitle('/calendar?view=week')).toBe('Calendar');
    expect(pageTitle('/account-settings/')).toBe('Account Settings');
  });

  it('reads an unknown page as its first word, and the root as Home', () => {
    expect(pageTitle('/box-office/seats')).toBe('Box office');
    expect(pageTitle('/')).toBe('Home');
  });
});
