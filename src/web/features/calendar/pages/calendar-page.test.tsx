// The calendar page: the view and date come from the address and change it, events are asked for
// the days a view shows, the page's actions follow the member's role, and My Schedule lists the
// upcoming events the member follows.
import { afterEach, describe, expect, it } from 'vitest';
import { allByRole, byRole, click, hasText, type Rendered, render, waitFor } from '@web/testing/render';
import { meAs } from '@web/testing/session';
import type { CalendarEvent } from '@common/schemas/calendar';
import { calendarEvent } from '../test-fixtures';
import { CalendarPage } from './calendar-page';

let shown: Rendered | undefined;
afterEach(async () => {
  await shown?.unmount();
});

const EVENTS = 'GET /api/organizations/1/calendar/events';

async function showCalendar(path: string, { role = 'owner', events = [] as CalendarEvent[] } = {}) {
  shown = await render(<CalendarPage />, {
    me: meAs(role),
    path,
    api: { [EVENTS]: () => events },
  });
  return shown;
}

const title = (page: HTMLElement) => page.querySelector('[data-testid="calendar-title"]')?.textContent;
const askedRanges = (s: Rendered) =>
  s.calls
    .filter((c) => `${c.method} ${c.url.pathname}` === EVENTS && !c.url.searchParams.has('followed'))
    .map((c) => `${c.url.searchParams.get('from')}..${c.url.searchParams.get('to')}`);

describe('calendar page', () => {
  it('shows the month of the address with its events, asked for the six weeks the grid shows', async () => {
    const s = await showCalendar('/calendar/home?view=month&date=2030-04-10', {
      events: [calendarEvent()],
    });
    expect(title(s.container)).toBe('April 2030');
    expect(askedRanges(s)).toEqual(['2030-03-31..2030-05-11']);
    const day = s.container.querySelector('[data-date="2030-04-02"]');
    expect(day?.textContent).toContain('Fight call');
  });

  it('Next, Previous and the view switch move through the address, each a history entry', async () => {
    const s = await showCalendar('/calendar/home?view=month&date=2030-04-10');
    await click(byRole(s.container, 'button', 'Next'));
    expect(s.location()).toBe('/calendar/home?view=month&date=2030-05-01');
    expect(title(s.container)).toBe('May 2030');

    await click(byRole(s.container, 'button', 'Week'));
    expect(s.location()).toBe('/calendar/home?view=week&date=2030-05-01');
    expect(title(s.container)).toBe('Sun, Apr 28 – Sat, May 4, 2030');
    expect(askedRanges(s).at(-1)).toBe('2030-04-28..2030-05-04');

    await click(byRole(s.container, 'button', 'Previous'));
    expect(s.location()).toBe('/calendar/home?view=week&date=2030-04-24');

    await click(byRole(s.container, 'button', 'Day'));
    expect(askedRanges(s).at(-1)).toBe('2030-04-24..2030-04-24');
    await click(byRole(s.container, 'button', 'Schedule'));
    expect(askedRanges(s).at(-1)).toBe('2030-04-01..2030-04-30');
  });

  it('an owner gets Attendance and Config, and a day its call sheet; a member gets neither', async () => {
    let s = await showCalendar('/calendar/home?view=day&date=2030-04-02');
    expect(allByRole(s.container, 'link', /Attendance/)).toHaveLength(1);
    expect(allByRole(s.container, 'button', /Config/)).toHaveLength(1);
    expect(allByRole(s.container, 'link', /Call sheet/)[0]?.getAttribute('href')).toBe(
      '/calendar/call-sheet?date=2030-04-02',
    );
    await s.unmount();

    s = await showCalendar('/calendar/home?view=month&date=2030-04-02', { role: 'standard_user' });
    expect(allByRole(s.container, 'link', /Attendance|Call sheet/)).toHaveLength(0);
    expect(allByRole(s.container, 'button', /Config/)).toHaveLength(0);
    expect(allByRole(s.container, 'button', /Add Event/)).toHaveLength(1);
  });

  it('Add Event opens the form on the date shown', async () => {
    const s = await showCalendar('/calendar/home?view=day&date=2099-04-02');
    await click(byRole(s.container, 'button', /Add Event/));
    // The form loads on first use.
    const form = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="event-form"]'));
    const startDate = await waitFor(() => form.querySelector<HTMLInputElement>('#startDate'));
    expect(hasText(form, 'Add Event')).toBe(true);
    expect(startDate.value).toBe('2099-04-02');
  });

  it('My Schedule lists the followed events not yet over, or says there are none', async () => {
    const later = calendarEvent({
      id: 2,
      name: 'Opening night',
      startDateTime: '2099-04-02T19:00:00-04:00',
      endDateTime: '2099-04-02T22:00:00-04:00',
    });
    const over = calendarEvent({ id: 3, name: 'Last season', endDateTime: '2001-01-01T10:00:00-05:00' });
    let s = await showCalendar('/calendar/my-schedule', { events: [over, later] });
    const section = byRole(s.container, 'region', 'My Schedule');
    expect(section.textContent).toContain('Opening night');
    expect(section.textContent).not.toContain('Last season');
    expect(s.calls.some((c) => c.url.searchParams.get('followed') === 'true')).toBe(true);
    await s.unmount();

    s = await showCalendar('/calendar/my-schedule');
    expect(byRole(s.container, 'region', 'My Schedule').textContent).toContain(
      'You are not following any upcoming events',
    );
  });
});
