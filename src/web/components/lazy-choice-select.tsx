import { lazy, Suspense } from 'react';
import type { ChoiceSelectProps } from './ui/choice-select';
import { cn } from '@web/lib/utils';

const ChoiceSelect = lazy(async () => ({ default: (await import('./ui/choice-select')).ChoiceSelect }));

/**
 * A ChoiceSelect whose menu (Radix Select and its positioning library, about 20 KB) loads just
 * after the page paints: a filter or a settings field shows its current choice meanwhile, in the
 * trigger's place and shape, so the first visit does not wait for a menu nobody has opened yet.
 */
export function LazyChoiceSelect(props: ChoiceSelectProps) {
  const shown = props.choices.find(([v]) => v === props.value)?.[1];
  return (
    <Suspense
      fallback={
        <div
          className={cn(
            'flex h-10 w-full items-center rounded-md border border-input bg-background px-3 py-2 text-sm',
            !shown && 'text-muted-foreground',
            props.className,
          )}
        >
          <span className="line-clamp-1">{shown ?? props.placeholder}</span>
        </div>
      }
    >
      <ChoiceSelect {...props} />
    </Suspense>
  );
}
