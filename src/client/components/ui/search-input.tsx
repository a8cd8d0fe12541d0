import { Search } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { inputClass } from './field.tsx';

/** A search box with its magnifier, for filtering lists (the label is the caller's). */
export function SearchInput({
  id,
  value,
  onChange,
  placeholder,
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}) {
  return (
    <div className="relative">
      <Search size={16} className="absolute left-3 top-1/2 -translate-y-1/2 text-zinc-500" aria-hidden />
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClass, 'pl-9', className)}
      />
    </div>
  );
}
