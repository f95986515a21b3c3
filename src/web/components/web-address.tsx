import { cn } from '@web/lib/utils';

/**
 * A web address on one line: split anywhere it reads as two ("demo." / "localhost"), so it never
 * wraps; the text around it wraps before it instead, and one too long for its box ends in an
 * ellipsis with the whole address in its tooltip.
 */
export function WebAddress({
  address,
  className,
  ...props
}: { address: string } & React.ComponentProps<'span'>) {
  return (
    <span
      translate="no"
      title={address}
      className={cn('inline-block max-w-full truncate whitespace-nowrap align-bottom', className)}
      {...props}
    >
      {address}
    </span>
  );
}
