/** SPEC §2 pager 'Page X of Y', shown only when there is more than one page. */
export function Pager({
  page,
  lastPage,
  onPage,
  label,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (lastPage <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {lastPage}
      </span>
      <button type="button" className="button button--ghost button--small" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
