import type { LinkSite } from '@common/links';
import { Globe } from 'lucide-react';
import { cn } from '@web/lib/utils';

// Simple brand marks drawn here: the icon set in use carries no brand logos.
const PATHS: Record<Exclude<LinkSite, 'website'>, React.ReactNode> = {
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" fill="currentColor" />
    </>
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
    </>
  ),
  facebook: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />,
  tiktok: <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 3 2.5 5 5.5 5" />,
};

const COLORS: Record<LinkSite, string> = {
  youtube: 'text-red-600',
  instagram: 'text-pink-600',
  facebook: 'text-blue-600',
  tiktok: 'text-foreground',
  website: 'text-muted-foreground',
};

export function SiteIcon({ site, className }: { site: LinkSite; className?: string }) {
  if (site === 'website')
    return <Globe className={cn('size-4', COLORS.website, className)} aria-hidden="true" />;
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('size-4 shrink-0', COLORS[site], className)}
      aria-hidden="true"
    >
      {PATHS[site]}
    </svg>
  );
}
