// The event form as a member uses it: a save names every missing field at once, a complete form
// sends the event, a space already booked offers an owner "Book anyway", and a date of a series
// asks which dates a change applies to.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Api, byLabel, byRole, click, hasText, type Rendered, render, type } from '@web/testing/render';
import { meAs } from '@web/testing/session';
import { calendarEvent, calendarOptions } from '../../test-fixtures';
import { EventForm } from './event-form';

let shown: Rendered | undefined;
afterEach(async () => {
  await shown?.unmount();
});

const EVENTS = 'POST /api/organizations/1/calendar/events';
/** The bodies of the events the form sent. */
const sentEvents = (calls: Rendered['calls']) =>
  calls.filter((c) => `${c.method} ${c.url.pathname}` === EVENTS).map((c) => c.body);
const calendarApi = (more: Api = {}): Api => ({
  'GET /api/organizations/1/calendar/options': () => calendarOptions(),
  'POST /api/organizations/1/calendar/conflicts': () => ({
    peopleCount: 0,
    occurrenceCount: 1,
    peopleWithConflicts: 0,
    occurrencesWithConflicts: 0,
    people: [],
    causes: [],
    occurrences: [],
  }),
  ...more,
});

async function showForm(props: { event?: ReturnType<typeof calendarEvent>; api?: Api } = {}) {
  const onDone = vi.fn();
  shown = await render(
    <EventForm
      orgId={1}
      event={props.event ?? null}
      date="2030-04-02"
      onDone={onDone}
      onCancel={() => {}}
      onDirtyChange={() => {}}
    />,
    { me: meAs('owner'), api: props.api ?? calendarApi() },
  );
  return { page: shown.container, onDone, calls: shown.calls };
}

describe('event form', () => {
  it('a save with nothing filled in names every missing field and sends nothing', async () => {
    const { page, calls } = await showForm();
    await click(byRole(page, 'button', 'Create Event'));
    expect(hasText(page, 'Event name is required')).toBe(true);
    expect(hasText(page, 'At least one space must be selected')).toBe(true);
    expect(sentEvents(calls)).toEqual([]);
  });

  it('a complete form sends the event as the API takes it, then closes', async () => {
    const saved = () => ({ status: 201, body: { event: calendarEvent() } });
    const { page, onDone, calls } = await showForm({ api: calendarApi({ [EVENTS]: saved }) });
    await type(byLabel(page, 'Event Name'), 'Fight call');
    await click(byRole(page, 'checkbox', 'Annex'));
    await click(byRole(page, 'button', 'Create Event'));
    const [body] = sentEvents(calls);
    expect(sentEvents(calls)).toHaveLength(1);
    expect(body).toMatchObject({
      name: 'Fight call',
      spaces: ['Annex'],
      startDateTime: '2030-04-02T19:00:00',
      endDateTime: '2030-04-02T21:00:00',
      eventType: 'rehearsal',
      reservedBy: 1,
      isRecurring: false,
      overrideConflicts: false,
    });
    expect(onDone).toHaveBeenCalled();
  });

  it('a space already booked lists the booking; an owner books anyway', async () => {
    const answers = [
      {
        status: 409,
        body: {
          message: 'This space is already booked at that time',
          data: {
            conflicts: [
              {
                eventId: 9,
                name: 'Into the Woods rehearsal',
                startDateTime: '2030-04-02T18:00:00-04:00',
                endDateTime: '2030-04-02T20:00:00-04:00',
                spaces: ['Annex'],
              },
            ],
          },
        },
      },
      { status: 201, body: { event: calendarEvent() } },
    ];
    const { page, onDone, calls } = await showForm({ api: calendarApi({ [EVENTS]: () => answers.shift() }) });
    await type(byLabel(page, 'Event Name'), 'Fight call');
    await click(byRole(page, 'checkbox', 'Annex'));
    await click(byRole(page, 'button', 'Create Event'));
    expect(page.querySelector('[data-testid="conflicts"]')?.textContent).toContain(
      'Into the Woods rehearsal',
    );
    expect(onDone).not.toHaveBeenCalled();

    await click(byRole(page, 'button', 'Book anyway'));
    expect(sentEvents(calls).map((b) => (b as { overrideConflicts: boolean }).overrideConflicts)).toEqual([
      false,
      true,
    ]);
    expect(onDone).toHaveBeenCalled();
  });

  it('a date of a series asks which dates a change applies to, and one date has no repeat fields', async () => {
    const event = calendarEvent({
      isRecurring: true,
      seriesId: 100,
      recurringPattern: 'weekly',
      recurringWeeklyDays: ['2'],
      recurringEndType: 'count',
      recurringEndCount: 6,
    });
    const { page } = await showForm({
      event,
      api: calendarApi({ 'GET /api/organizations/1/calendar/events/100': () => event }),
    });
    expect(byLabel(page, 'Apply changes to').textContent).toBe('This date only');
    expect((byLabel(page, 'Event Name') as HTMLInputElement).value).toBe('Fight call');
    expect(byRole(page, 'button', 'Save Changes')).toBeTruthy();
    expect(page.querySelector('[data-testid="repeat-summary"]')).toBeNull();
    expect(allSwitches(page)).toEqual(['Show on the public calendar']);
  });
});

const allSwitches = (page: HTMLElement) =>
  [...page.querySelectorAll('[role="switch"]')].map((s) => s.getAttribute('aria-label'));
