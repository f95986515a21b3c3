import { MoreHorizontal } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import type { CalendarAction } from './calendar-toolbar';

/**
 * On a phone the secondary actions, and the type filter, fold into one menu next to Add Event,
 * so the heading, tabs and navigation take a few lines and the first screen shows the dates.
 */
export function CalendarActionsMenu({
  actions,
  types,
  type,
  onType,
}: {
  actions: CalendarAction[];
  types: [string, string][];
  type: string;
  onType: (type: string) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label="More calendar options">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {actions.map(({ label, icon: Icon, href, onSelect }) =>
          href ? (
            <DropdownMenuItem key={label} asChild>
              <Link href={href}>
                <Icon aria-hidden="true" /> {label}
              </Link>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem key={label} onSelect={onSelect}>
              <Icon aria-hidden="true" /> {label}
            </DropdownMenuItem>
          ),
        )}
        {actions.length > 0 && types.length > 0 && <DropdownMenuSeparator />}
        {types.length > 0 && (
          <>
            <DropdownMenuLabel>Event type</DropdownMenuLabel>
            <DropdownMenuRadioGroup value={type} onValueChange={onType}>
              {types.map(([value, label]) => (
                <DropdownMenuRadioItem key={value} value={value}>
                  {label}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
