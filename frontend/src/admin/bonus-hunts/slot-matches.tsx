import type { CatalogueSlot } from '@kickback/contracts';

interface SlotMatchesProps {
  slots: CatalogueSlot[];
  disabled: boolean;
  onAdd: (slot: CatalogueSlot) => void;
  className: string;
  label?: string;
}

/** The catalogue's matches for a search, each with its Add button named after the slot. */
export function SlotMatches({ slots, disabled, onAdd, className, label }: SlotMatchesProps) {
  return (
    <ul className={className} aria-label={label}>
      {slots.map((slot) => (
        <li key={slot.id}>
          <span>
            {slot.name} <small>({slot.provider.name})</small>
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={disabled}
            aria-label={`Add ${slot.name}`}
            onClick={() => onAdd(slot)}
          >
            Add
          </button>
        </li>
      ))}
    </ul>
  );
}
