import type { ReactNode } from 'react';

interface AdminPageHeaderProps {
  title: string;
  /** Shown as the primary "add" button when set; pages hide it while a form is open. */
  addLabel?: string;
  onAdd?: () => void;
  /** Extra header content after the title, such as a hint or a counter. */
  children?: ReactNode;
}

/** The title row every admin page starts with. */
export function PageHeader({ title, addLabel, onAdd, children }: AdminPageHeaderProps) {
  return (
    <header className="admin-page__header">
      <h1>{title}</h1>
      {children}
      {addLabel && onAdd && (
        <button type="button" className="button button--primary" onClick={onAdd}>
          {addLabel}
        </button>
      )}
    </header>
  );
}
