import type { ReactNode } from 'react';
import { useAdminAction } from '../kit/use-admin-crud';
import { SmallButton, QueryLines } from '../kit/rows';

interface OthersProps {
  heading: string;
  /** The list's accessible name ("Other open raffles"). */
  label: string;
  /** For the failure toast: "Failed to change the raffle on stream". */
  kind: string;
  items: { id: number; name: string }[];
  busy: boolean;
  choose: (id: number) => Promise<unknown>;
}

/**
 * A Go live panel of one kind (the leaderboard, the race): what is on stream now (the children, or nothing), the
 * status lines while the lists it reads load, fail or name nothing on stream, and the others to switch to.
 */
export function OnStreamPanel({
  id,
  title,
  queries,
  texts,
  others,
  children,
}: {
  id: string;
  title: string;
  queries: { isLoading: boolean; isError: boolean }[];
  texts: { loading: string; error: string; empty: string };
  others: OthersProps;
  children: ReactNode;
}) {
  const isLoading = queries.some((query) => query.isLoading);
  const isError = queries.some((query) => query.isError);
  return (
    <section className="card go-live__panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <QueryLines query={{ isLoading, isError }} nothing={!children} texts={texts} />
      {children}
      <OthersOnStream {...others} />
    </section>
  );
}

/**
 * The other items of a kind that could be on stream, each with "Show on stream": one click puts it there (the raffle,
 * tournament and leaderboard panels of Go live). Nothing is drawn when there are none.
 */
export function OthersOnStream({ heading, label, kind, items, busy, choose }: OthersProps) {
  const act = useAdminAction();
  if (items.length === 0) return null;
  return (
    <>
      <h3 className="go-live__subtitle">{heading}</h3>
      <ul className="go-live__others" aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>
            <span>{item.name}</span>
            <SmallButton
              label={`Show ${item.name} on stream`}
              disabled={busy}
              onClick={() => void act(() => choose(item.id), `${item.name} is on stream now`, `Failed to change the ${kind} on stream`)}
            >
              Show on stream
            </SmallButton>
          </li>
        ))}
      </ul>
    </>
  );
}
