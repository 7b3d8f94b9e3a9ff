import { useState, type FormEvent, type ReactNode } from 'react';
import { SelectField } from '../../components/ui/select-field';

export interface FilterOption {
  value: string;
  label: string;
}

/** A filter's options from their labels by value, in the labels' order. */
export const optionsOf = (labels: Record<string, string>): FilterOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** One filter of a list: a labelled drop-down whose value lives in the URL. */
export interface FilterDeclaration {
  name: string;
  label: string;
  /** The select's id, where tests or docs name it. */
  id: string;
  options: readonly FilterOption[];
}

/** A list's text search: applied when submitted (Enter or its button), its value kept in the URL like a filter's. */
export interface SearchDeclaration {
  name: string;
  label: string;
  id: string;
  placeholder?: string;
  /** A limit the server's query holds where no contract names it. */
  maxLength?: number;
  /** A submit button's text; without it Enter submits. */
  button?: string;
}

interface FilterBarProps {
  filters: readonly FilterDeclaration[];
  search?: SearchDeclaration;
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
}

/** The filters above a queue, in one row; with a search box the row is a form. */
export function FilterBar({ filters, search, values, onChange }: FilterBarProps) {
  const selects = filters.map((filter) => (
    <SelectField
      key={filter.name}
      id={filter.id}
      label={filter.label}
      value={values[filter.name] ?? ''}
      onChange={(value) => onChange(filter.name, value)}
    >
      {filter.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  ));
  if (!search) return <div className="admin-filter-bar">{selects}</div>;
  return (
    <SearchForm search={search} value={values[search.name] ?? ''} onSearch={(value) => onChange(search.name, value)}>
      {selects}
    </SearchForm>
  );
}

function SearchForm({
  search,
  value,
  onSearch,
  children,
}: {
  search: SearchDeclaration;
  value: string;
  onSearch: (value: string) => void;
  children: ReactNode;
}) {
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="admin-filter-bar" onSubmit={submit}>
      {children}
      <div className="field">
        <label htmlFor={search.id}>{search.label}</label>
        <input
          id={search.id}
          className="input"
          type="search"
          value={draft}
          maxLength={search.maxLength}
          placeholder={search.placeholder}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      {search.button && (
        <div className="field admin-filter-bar__submit">
          <button type="submit" className="button">
            {search.button}
          </button>
        </div>
      )}
    </form>
  );
}
