// The repeat fields on their own: the switch reveals the pattern, the days of a weekly or monthly
// series, the end, and a summary in words that follows every change.
import type { EventFormValues } from '@common/schemas/calendar';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { byLabel, byRole, click, type Rendered, render, type } from '@web/testing/render';
import { valuesFor } from './form-values';
import { RepeatFields } from './repeat-fields';

let shown: Rendered | undefined;
let form: UseFormReturn<EventFormValues>;
afterEach(async () => {
  await shown?.unmount();
});

function Harness({ values, countHint }: { values: Partial<EventFormValues>; countHint?: string }) {
  // A new event on Tuesday 2 April 2030 at 19:00.
  form = useForm<EventFormValues>({ defaultValues: { ...valuesFor(null, '2030-04-02', 1, []), ...values } });
  return <RepeatFields form={form} countHint={countHint} />;
}

async function show(values: Partial<EventFormValues> = {}, countHint?: string) {
  shown = await render(<Harness values={values} countHint={countHint} />);
  return shown.container;
}

const summary = (scope: HTMLElement) => scope.querySelector('[data-testid="repeat-summary"]')?.textContent;

describe('repeat fields', () => {
  it('show only the switch until Repeat is on, then a weekly rule on the start date’s weekday', async () => {
    const page = await show();
    expect(byRole(page, 'switch', 'Repeat').getAttribute('aria-checked')).toBe('false');
    expect(page.querySelector('#recurringPattern')).toBeNull();

    await click(byRole(page, 'switch', 'Repeat'));
    expect(form.getValues('isRecurring')).toBe(true);
    expect(byLabel(page, 'Repeats').textContent).toBe('Weekly');
    expect(byRole(page, 'checkbox', 'Tue').getAttribute('aria-checked')).toBe('true');
    expect(byRole(page, 'checkbox', 'Thu').getAttribute('aria-checked')).toBe('false');
    expect(summary(page)).toBe('Repeats weekly on Tuesday');
  });

  it('a weekday ticked or an interval typed changes the summary and the unit beside the number', async () => {
    const page = await show({ isRecurring: true });
    await click(byRole(page, 'checkbox', 'Thu'));
    expect(form.getValues('recurringWeeklyDays')).toEqual(['2', '4']);
    expect(summary(page)).toBe('Repeats weekly on Tuesday and Thursday');

    await type(byLabel(page, 'Every'), '2');
    expect(page.querySelector('[data-testid="repeat-unit"]')?.textContent).toBe('weeks');
    expect(summary(page)).toBe('Repeats weekly, every 2 weeks on Tuesday and Thursday');
  });

  it('a monthly series by weekday asks which week and weekday, not the weekdays of a week', async () => {
    const page = await show({ isRecurring: true, recurringPattern: 'monthly' });
    expect(page.querySelector('fieldset')).toBeNull();
    expect(byLabel(page, 'Week of the month').textContent).toBe('First');
    expect(byLabel(page, 'Weekday').textContent).toBe('Tuesday');
    expect(summary(page)).toBe('Repeats monthly on the first Tuesday');
  });

  it('an end after a number of times asks the number, with its hint; an end date asks the date', async () => {
    let page = await show(
      { isRecurring: true, recurringEndType: 'count', recurringEndCount: 4 },
      'Dates left',
    );
    expect((byLabel(page, 'Occurrences') as HTMLInputElement).value).toBe('4');
    expect(page.textContent).toContain('Dates left');
    expect(summary(page)).toBe('Repeats weekly on Tuesday, 4 times');
    await type(byLabel(page, 'Occurrences'), '6');
    expect(summary(page)).toBe('Repeats weekly on Tuesday, 6 times');
    await shown?.unmount();

    page = await show({ isRecurring: true, recurringEndType: 'date', recurringEnd: '2030-06-20' });
    expect(page.querySelector('#recurringEndCount')).toBeNull();
    expect((byLabel(page, 'Repeat Until') as HTMLInputElement).value).toBe('2030-06-20');
    expect(summary(page)).toBe('Repeats weekly on Tuesday, until June 20, 2030');
  });
});
