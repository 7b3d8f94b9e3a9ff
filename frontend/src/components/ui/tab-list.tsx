import './tab-list.css';

interface TabListProps<Id extends string> {
  /** Names the ids and the row's class: tab `<name>-tab-<id>`, controlling the one panel `<name>-panel`, in a row `<name>-tabs`. */
  name: string;
  label: string;
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The buttons' class; the selected one also gets `<tabClass>--active`. */
  tabClass?: string;
}

/** A row of tabs over one panel, as the WAI-ARIA tabs pattern has it; the panel is the caller's. */
export function TabList<Id extends string>({ name, label, tabs, selected, onSelect, tabClass = 'section-tab' }: TabListProps<Id>) {
  return (
    <div className={`${name}-tabs`} role="tablist" aria-label={label}>
      {tabs.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          id={`${name}-tab-${item.id}`}
          aria-selected={item.id === selected}
          aria-controls={`${name}-panel`}
          className={item.id === selected ? `${tabClass} ${tabClass}--active` : tabClass}
          onClick={() => onSelect(item.id)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
