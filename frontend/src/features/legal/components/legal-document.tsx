import type { LegalPage } from '@kickback/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDate } from '../../../lib/format';
import { useGetLegalPageQuery } from '../legal-api';
import { toParagraphs } from '../paragraphs';
import '../legal.css';

/** Renders the text as React text nodes only: the body is admin input and must never become markup. */
export function LegalDocument({ slug, fallbackTitle }: { slug: LegalPage['slug']; fallbackTitle: string }) {
  const { data, isLoading, isError } = useGetLegalPageQuery(slug);

  if (isLoading) {
    return (
      <section className="page container">
        <h1 className="page-title">{fallbackTitle}</h1>
        <p role="status" className="page-lead">
          Loading...
        </p>
      </section>
    );
  }

  if (isError || !data) {
    return (
      <section className="page container">
        <EmptyState level={1} title={fallbackTitle} text="This page could not be loaded. Please try again later." />
      </section>
    );
  }

  const paragraphs = toParagraphs(data.body);
  return (
    <article className="page container legal">
      <h1 className="page-title">{data.title || fallbackTitle}</h1>
      {data.updated_at && <p className="page-lead">Last updated {formatDate(data.updated_at)}</p>}
      <div className="card legal__body">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
