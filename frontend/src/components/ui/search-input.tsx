import type { InputHTMLAttributes } from 'react';

type SearchInputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'id' | 'placeholder' | 'maxLength' | 'aria-label' | 'aria-controls'> & {
  value: string;
  onChange: (value: string) => void;
  /** Added to the input's own 'input' class. */
  className?: string;
};

/** A search box that reports its text as typed; its label is the caller's (a <label>, or aria-label). */
export function SearchInput({ onChange, className, ...attributes }: SearchInputProps) {
  return (
    <input
      {...attributes}
      className={className ? `input ${className}` : 'input'}
      type="search"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
