import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'wouter';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';

/** A page action other than Add Event: a link, or a button that opens something. */
export interface CalendarAction {
  label: string;
  icon: LucideIcon;
  href?: string;
  onSelect?: () => void;
}

/** The same actions as buttons, where the screen has room for them. */
export function CalendarActionButtons({ actions }: { actions: CalendarAction[] }) {
  return actions.map(({ label, icon: Icon, href, onSelect }) =>
    href ? (
      <Button key={label} variant="outline" asChild>
        <Link href={href}>
          <Icon aria-hidden="true" /> {label}
        </Link>
      </Button>
    ) : (
      <Button key={label} variant="outline" onClick={onSelect}>
        <Icon aria-hidden="true" /> {label}
      </Button>
    ),
  );
}

/**
 * Previous, Today and Next with the period's title, then the type filter (wide screens) and the
 * view switch. The title takes focus when a day is opened from the month or week, so a keyboard
 * user lands on the day they chose rather than on the page's start.
 */
export function CalendarNavigation<V extends string>({
  title,
  titleRef,
  onStep,
  onToday,
  filter,
  views,
  view,
  onView,
  compact,
}: {
  title: string;
  titleRef: Ref<HTMLHeadingElement>;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
  filter: { types: [string, string][]; type: string; onType: (type: string) => void };
  views: readonly [V, string][];
  view: V;
  onView: (view: V) => void;
  compact: boolean;
}) {
  const filtered = filter.types.find(([value]) => value === filter.type && value !== 'all');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex min-w-0 items-center gap-1 sm:gap-2">
        <Button variant="outline" size="icon" aria-label="Previous" onClick={() => onStep(-1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" onClick={onToday} className={cn(compact && 'px-3')}>
          Today
        </Button>
        <Button variant="outline" size="icon" aria-label="Next" onClick={() => onStep(1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <h2
        ref={titleRef}
        tabIndex={-1}
        className="min-w-0 text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:min-w-48 sm:text-lg"
        data-testid="calendar-title"
      >
        {title}
      </h2>
      <div className={cn('flex items-center gap-2', compact ? 'w-full' : 'ml-auto')}>
        {!compact && (
          <div className="w-36">
            <LazyChoiceSelect
              id="type-filter"
              label="Event type"
              value={filter.type}
              onChange={filter.onType}
              choices={filter.types}
            />
          </div>
        )}
        <fieldset className={cn('inline-flex rounded-md border', compact && 'flex-1')} aria-label="View">
          {views.map(([v, label]) => (
            <Button
              key={v}
              variant={view === v ? 'default' : 'ghost'}
              size="sm"
              aria-pressed={view === v}
              onClick={() => onView(v)}
              className={cn(compact && 'flex-1 px-1')}
            >
              {label}
            </Button>
          ))}
        </fieldset>
        {compact && filtered && (
          <span className="shrink-0 text-xs text-muted-foreground" data-testid="type-filter-shown">
            {filtered[1]} only
          </span>
        )}
      </div>
    </div>
  );
}
