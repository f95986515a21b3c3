import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from '@web/components/ui/input';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  /** Called once typing pauses, so each keystroke does not become a request. */
  onSearch: (value: string) => void;
}

export function SearchBox({ label, placeholder, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="relative flex-1">
      <Search
        className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
