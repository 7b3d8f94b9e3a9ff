import type { ReactNode } from 'react';

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  /** The value's test id. */
  testId?: string;
  /** The value's own class (a sign, a highlight), after the list's `valueClass`. */
  valueClass?: string;
  /** The row's class. */
  className?: string;
}

interface FactListProps {
  /** Left out when false, so a fact that applies only sometimes stays in the list's order. */
  facts: (Fact | false)[];
  className?: string;
  /** The list's accessible name. */
  label?: string;
  termClass?: string;
  valueClass?: string;
}

/** A description list of label → value rows, each in its own div so a grid or flex lays a row out as one. */
export function FactList({ facts, className, label, termClass, valueClass }: FactListProps) {
  return (
    <dl className={className} aria-label={label}>
      {facts.map(
        (fact, index) =>
          fact && (
            <div key={typeof fact.label === 'string' ? fact.label : index} className={fact.className}>
              <dt className={termClass}>{fact.label}</dt>
              <dd className={[valueClass, fact.valueClass].filter(Boolean).join(' ') || undefined} data-testid={fact.testId}>
                {fact.value}
              </dd>
            </div>
          ),
      )}
    </dl>
  );
}
