import type { HTMLAttributes, Ref } from 'react';

interface ScrollingListProps extends Omit<HTMLAttributes<HTMLElement>, 'tabIndex' | 'aria-labelledby'> {
  /** The id of the card's heading, which names the list. */
  labelledBy: string;
  ordered?: boolean;
  ref?: Ref<HTMLElement>;
  'data-testid'?: string;
}

/**
 * A list that scrolls inside its card (its class sets the height). It takes keyboard focus, so someone without a
 * mouse can scroll it too (its rows mostly hold nothing focusable), and its card's heading names it when focused.
 */
export function ScrollingList({ labelledBy, ordered = false, ref, ...props }: ScrollingListProps) {
  return ordered ? (
    <ol {...props} ref={ref as Ref<HTMLOListElement>} tabIndex={0} aria-labelledby={labelledBy} />
  ) : (
    <ul {...props} ref={ref as Ref<HTMLUListElement>} tabIndex={0} aria-labelledby={labelledBy} />
  );
}
