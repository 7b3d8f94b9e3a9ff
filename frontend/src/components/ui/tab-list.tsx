import './tab-list.css';

interface TabListProps<Id extends string> {
  /** Names the ids: tab `<name>-tab-<id>`; a boxed row also gets the class `<name>-tabs` (its spacing on the page). */
  name: string;
  label: string;
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** What the tabs control: one panel `<name>-panel`, a panel per tab `<name>-panel-<id>`, or none (tabs that filter a list). */
  panel?: 'one' | 'each' | 'none';
  /** Boxed buttons (settings, profile) or a row underlined under the selected tab (hunts, tournaments). */
  look?: 'boxed' | 'underline';
  /** A page's own button look instead; the selected one also gets `<tabClass>--active`. */
  tabClass?: string;
}

/** A row of tabs, as the WAI-ARIA tabs pattern has it; the panel is the caller's. */
export function TabList<Id extends string>({
  name,
  label,
  tabs,
  selected,
  onSelect,
  panel = 'one',
  look = 'boxed',
  tabClass = look === 'boxed' ? 'section-tab' : 'underline-tab',
}: TabListProps<Id>) {
  const controls = (id: Id) => (panel === 'one' ? `${name}-panel` : panel === 'each' ? `${name}-panel-${id}` : undefined);
  return (
    <div className={look === 'boxed' ? `${name}-tabs` : 'underline-tabs'} role="tablist" aria-label={label}>
      {tabs.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          id={panel === 'none' ? undefined : `${name}-tab-${item.id}`}
          aria-selected={item.id === selected}
          aria-controls={controls(item.id)}
          className={item.id === selected ? `${tabClass} ${tabClass}--active` : tabClass}
          onClick={() => onSelect(item.id)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
