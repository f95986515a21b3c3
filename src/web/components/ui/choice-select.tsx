import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

export type Choices = readonly (readonly [value: string, label: string])[];

export interface ChoiceSelectProps {
  /** The trigger's id, which a FormField's label points at. */
  id?: string;
  value: string;
  onChange: (value: string) => void;
  choices: Choices;
  placeholder?: string;
  invalid?: boolean;
  /** The accessible name when no label points at the trigger. */
  label?: string;
  describedBy?: string;
  disabled?: boolean;
  className?: string;
}

/** A Select over a list of [value, label] pairs (forms and filters have many small ones). */
export function ChoiceSelect({
  id,
  value,
  onChange,
  choices,
  placeholder,
  invalid,
  label,
  describedBy,
  disabled,
  className,
}: ChoiceSelectProps) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger
        id={id}
        className={className}
        aria-invalid={invalid || undefined}
        aria-label={label}
        aria-describedby={describedBy}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.map(([v, l]) => (
          <SelectItem key={v} value={v}>
            {l}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
