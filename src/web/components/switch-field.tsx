import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Switch } from '@web/components/ui/switch';
import { cn } from '@web/lib/utils';

/**
 * A boolean form field as a labelled switch with a hint under its label (settings screens):
 * the label names the switch, the hint describes it.
 */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  description,
  className,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  description: string;
  className?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn('flex items-start justify-between gap-4', className)}>
          <div className="space-y-1">
            <label htmlFor={id} className="font-medium">
              {label}
            </label>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {description}
            </p>
          </div>
          <Switch
            id={id}
            checked={field.value}
            onCheckedChange={field.onChange}
            aria-describedby={`${id}-description`}
          />
        </div>
      )}
    />
  );
}
