import type { CatalogueSlot } from '@kickback/contracts';
import { SmallButton } from '../kit/rows';

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
          <SmallButton label={`Add ${slot.name}`} disabled={disabled} onClick={() => onAdd(slot)}>
            Add
          </SmallButton>
        </li>
      ))}
    </ul>
  );
}
