import { Check, X } from 'lucide-react';
import { cn } from '@web/lib/utils';

// The same rules as strongPasswordSchema (src/common/schemas/auth.ts), shown as a checklist.
const RULES = [
  { label: 'At least 8 characters', test: (v: string) => v.length >= 8 },
  { label: 'One uppercase letter', test: (v: string) => /[A-Z]/.test(v) },
  { label: 'One lowercase letter', test: (v: string) => /[a-z]/.test(v) },
  { label: 'One number', test: (v: string) => /[0-9]/.test(v) },
  { label: 'One special character', test: (v: string) => /[^A-Za-z0-9]/.test(v) },
];

export function PasswordRequirements({ password, id }: { password: string; id?: string }) {
  return (
    <div id={id} className="rounded-md bg-muted p-3 text-sm">
      <p className="mb-2 font-medium">Password requirements:</p>
      <ul className="space-y-1">
        {RULES.map(({ label, test }) => {
          const met = test(password);
          return (
            <li
              key={label}
              className={cn('flex items-center gap-2', met ? 'text-success' : 'text-muted-foreground')}
            >
              {met ? (
                <Check className="size-4" aria-hidden="true" />
              ) : (
                <X className="size-4" aria-hidden="true" />
              )}
              {label}
              <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
