import { cn } from '@web/lib/utils';

/**
 * A box that scrolls sideways when its table is wider than the screen. It takes keyboard focus
 * and has a name (a named <section> is a region landmark), so someone without a mouse or touch
 * can scroll it and hears what it holds.
 */
export function ScrollRegion({
  label,
  className,
  ...props
}: { label: string } & React.ComponentProps<'section'>) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      className={cn(
        'overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}
