import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  text?: string;
  /** Heading level: a page-level empty state is the page's h1, a section's is an h2. */
  level?: 1 | 2;
  children?: ReactNode;
}

export function EmptyState({ title, text, level = 2, children }: EmptyStateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="card empty-state">
      <Heading className="empty-state__title">{title}</Heading>
      {text && <p className="empty-state__text">{text}</p>}
      {children}
    </div>
  );
}
