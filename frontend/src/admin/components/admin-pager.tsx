import type { Pagination } from '@kickback/contracts';

interface AdminPagerProps {
  /** Accessible name of the navigation, e.g. "User pages". */
  label: string;
  /** The page the caller asked for; Previous/Next step from it. */
  page: number;
  pagination: Pick<Pagination, 'current_page' | 'last_page'>;
  onPage: (page: number) => void;
}

/** Previous / "Page x of y" / Next under a paged admin list; nothing when there is one page. */
export function AdminPager({ label, page, pagination, onPage }: AdminPagerProps) {
  if (pagination.last_page <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="button button--ghost button--small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span>
        Page {pagination.current_page} of {pagination.last_page}
      </span>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => onPage(page + 1)}
        disabled={page >= pagination.last_page}
      >
        Next
      </button>
    </nav>
  );
}
