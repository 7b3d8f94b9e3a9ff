import type { InputHTMLAttributes } from 'react';

type BareInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'aria-label'> & {
  /** Its accessible name: the box sits in a row or a compact form without a visible label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/** A compact text box without a visible label (a queued slot's bet, a match's multiplier, a search), handing over its text. */
export function BareInput({ label, onChange, className = 'input', ...props }: BareInputProps) {
  return <input className={className} aria-label={label} onChange={(event) => onChange(event.target.value)} {...props} />;
}
