interface AdminQueryStatusProps {
  isLoading: boolean;
  isError: boolean;
  /** Computed by the page, since lists and paged answers decide "empty" differently; a record's page has no empty line. */
  isEmpty?: boolean;
  loadingText: string;
  errorText: string;
  emptyText?: string;
}

/** The loading, failed and empty lines above an admin list. */
export function QueryStatus({ isLoading, isError, isEmpty = false, loadingText, errorText, emptyText }: AdminQueryStatusProps) {
  return (
    <>
      {isLoading && (
        <p role="status" className="admin-status">
          {loadingText}
        </p>
      )}
      {isError && (
        <p role="alert" className="admin-status">
          {errorText}
        </p>
      )}
      {isEmpty && <p className="admin-status">{emptyText}</p>}
    </>
  );
}
