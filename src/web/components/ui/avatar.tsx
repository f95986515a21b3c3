import { useState } from 'react';
import { cn } from '@web/lib/utils';

interface AvatarProps {
  src?: string | null;
  alt: string;
  fallback: string;
  className?: string;
}

/** A round picture that falls back to initials when there is none or it fails to load. */
export function Avatar({ src, alt, fallback, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      className={cn(
        'relative flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 text-sm font-semibold text-primary-text dark:bg-muted dark:text-foreground',
        className,
      )}
    >
      {src && !failed ? (
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{fallback}</span>
      )}
    </span>
  );
}
