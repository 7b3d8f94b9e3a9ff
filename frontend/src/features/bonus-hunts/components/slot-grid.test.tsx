import { render, screen, within } from '@testing-library/react';
import type { HuntGame } from '@kickback/contracts';
import { SlotGrid } from './slot-grid';

const game = (id: number, opened: boolean, win: number | null, multiplier: number | null): HuntGame => ({
  id,
  slot_name: `Slot ${id}`,
  slot_image: null,
  provider: { name: 'Hacksaw' },
  slot_bet: 10,
  slot_win: win,
  multiplier,
  opened,
  position: id,
});

describe('SlotGrid', () => {
  it('shows a slot not opened yet as neutral "Not opened" instead of a red $0.00 / 0.00x', () => {
    render(<SlotGrid games={[game(1, false, null, null), game(2, true, 0, 0), game(3, true, 250, 25)]} />);
    const unopened = within(screen.getByTestId('hunt-game-1'));
    expect(unopened.getByTestId('game-win')).toHaveTextContent('—');
    expect(unopened.getByTestId('game-multiplier')).toHaveTextContent('Not opened');
    expect(unopened.getByTestId('game-multiplier')).not.toHaveClass('hunt-negative');
    // An opened slot that paid nothing is still a loss, in red.
    const blank = within(screen.getByTestId('hunt-game-2'));
    expect(blank.getByTestId('game-win')).toHaveTextContent('$0.00');
    expect(blank.getByTestId('game-multiplier')).toHaveClass('hunt-negative');
    expect(within(screen.getByTestId('hunt-game-3')).getByTestId('game-multiplier')).toHaveClass('hunt-positive');
  });
});
