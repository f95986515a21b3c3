import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

/** A labelled Select over a list of [value, label] pairs (the form has many small ones). */
export function ChoiceSelect({
  id,
  value,
  onChange,
  choices,
  placeholder,
  invalid,
  label,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  choices: [string, string][];
  placeholder?: string;
  invalid?: boolean;
  label?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} aria-invalid={invalid || undefined} aria-label={label}>
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
