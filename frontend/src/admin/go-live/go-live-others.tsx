import { useAdminAction } from '../kit/use-admin-crud';

/**
 * The other items of a kind that could be on stream, each with "Show on stream": one click puts it there (the raffle,
 * tournament and leaderboard panels of Go live). Nothing is drawn when there are none.
 */
export function OthersOnStream({
  heading,
  label,
  kind,
  items,
  busy,
  choose,
}: {
  heading: string;
  /** The list's accessible name ("Other open raffles"). */
  label: string;
  /** For the failure toast: "Failed to change the raffle on stream". */
  kind: string;
  items: { id: number; name: string }[];
  busy: boolean;
  choose: (id: number) => Promise<unknown>;
}) {
  const act = useAdminAction();
  if (items.length === 0) return null;
  return (
    <>
      <h3 className="go-live__subtitle">{heading}</h3>
      <ul className="go-live__others" aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>
            <span>{item.name}</span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy}
              aria-label={`Show ${item.name} on stream`}
              onClick={() => void act(() => choose(item.id), `${item.name} is on stream now`, `Failed to change the ${kind} on stream`)}
            >
              Show on stream
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
