import type { SlotRequestEntry } from '@kickback/contracts';
import { requesterNames } from '../../lib/requester-names';
import { el } from '../overlay-dom';

/** Names shown on a request; the rest are counted ("+4"). */
const NAMES_SHOWN = 3;

/** The queue's head as the overlay shows it: place, slot, provider and who asked, with the queue's size in the header. */
export function nextUpPanel(next: SlotRequestEntry[], total: number): HTMLElement[] {
  return [
    el('header', { className: 'ov-title' }, [
      el('span', { text: 'Next up' }),
      el('span', { className: 'ov-badge', text: `${total} in queue`, testId: 'next-up-total' }),
    ]),
    next.length
      ? el(
          'ol',
          { className: 'ov-next-up__rows', testId: 'next-up-rows' },
          next.map((entry) =>
            el('li', { className: 'ov-next-up__row' }, [
              el('span', { className: 'ov-next-up__place', text: String(entry.place) }),
              el('span', { className: 'ov-next-up__slot' }, [
                el('span', { className: 'ov-next-up__name', text: entry.slot.name }),
                el('span', { className: 'ov-next-up__provider', text: entry.slot.provider }),
              ]),
              el('span', { className: 'ov-next-up__requesters', text: requesterNames(entry, NAMES_SHOWN) }),
            ]),
          ),
        )
      : el('p', { className: 'ov-next-up__empty', text: 'No slot requested yet.', testId: 'next-up-empty' }),
  ];
}
