import { useEffect, useState } from 'react';
import type { CatalogueSlot } from '@kickback/contracts';
import { useAdminAction } from '../kit/use-admin-crud';
import { useToast } from '../../lib/use-toast';
import { useLazySearchSlotsQuery } from './admin-bonus-hunts-api';

const BET = /^\d+(\.\d{1,2})?$/;

/** Adds a slot to a hunt with an optional bet; the caller's mutation (hunt editor or Go live). */
export type AddToHunt = (slotId: number, bet: string | undefined) => Promise<unknown>;

/**
 * The catalogue search and bet box that add a bonus to a hunt, shared by Bonus Hunts and Go live: the search runs
 * 200 ms after typing stops, a bet has at most 2 decimals, and a slot added clears the search for the next one.
 */
export function useSlotSearch(addToHunt: AddToHunt, { searchWhenEmpty }: { searchWhenEmpty: boolean }) {
  const toast = useToast();
  const act = useAdminAction();
  const [term, setTerm] = useState('');
  const [bet, setBet] = useState('');
  const [adding, setAdding] = useState(false);
  const [search, { data: results = [], isFetching }] = useLazySearchSlotsQuery();

  useEffect(() => {
    if (term.trim() === '' && !searchWhenEmpty) return;
    const timer = setTimeout(() => void search(term.trim(), true), 200);
    return () => clearTimeout(timer);
  }, [term, search, searchWhenEmpty]);

  const addSlot = async (slot: Pick<CatalogueSlot, 'id' | 'name'>) => {
    const wager = bet.trim();
    if (wager !== '' && !BET.test(wager)) {
      toast.error('Enter the bet with at most 2 decimals.');
      return;
    }
    setAdding(true);
    const added = await act(() => addToHunt(slot.id, wager || undefined), `${slot.name} added`, 'Failed to add the slot');
    setAdding(false);
    if (added) setTerm('');
  };

  const searched = term.trim();
  return {
    term,
    setTerm,
    bet,
    setBet,
    results: searched === '' && !searchWhenEmpty ? [] : results,
    isFetching,
    /** Nothing in the catalogue matches what was typed. */
    noMatch: !isFetching && searched !== '' && results.length === 0,
    searched,
    adding,
    addSlot,
  };
}
