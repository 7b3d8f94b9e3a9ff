import { SelectField } from '../../components/ui/select-field';

/** One filter of a list: a labelled drop-down whose value lives in the URL. */
export interface FilterDeclaration {
  name: string;
  label: string;
  /** The select's id, where tests or docs name it. */
  id: string;
  options: readonly { value: string; label: string }[];
}

interface FilterBarProps {
  filters: readonly FilterDeclaration[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
}

/** The filters above a queue, in one row. */
export function FilterBar({ filters, values, onChange }: FilterBarProps) {
  return (
    <div className="admin-filter-bar">
      {filters.map((filter) => (
        <SelectField key={filter.name} id={filter.id} label={filter.label} value={values[filter.name] ?? ''} onChange={(value) => onChange(filter.name, value)}>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      ))}
    </div>
  );
}
