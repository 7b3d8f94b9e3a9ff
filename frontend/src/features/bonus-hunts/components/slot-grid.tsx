import type { HuntGame } from '@kickback/contracts';
import { formatAmount, formatMultiplier } from '../../../lib/format';
import { SlotImage } from './slot-image';
import { FactList } from '../../../components/ui/fact-list';

/** SPEC §2 Slots grid: an opened slot's multiplier is green above 0, otherwise red; a slot not opened yet is neutral. */
export function SlotGrid({ games }: { games: HuntGame[] }) {
  return (
    <section className="hunt-slots" aria-labelledby="hunt-slots-title">
      <h2 id="hunt-slots-title" className="hunt-section-title">
        Slots
      </h2>
      {games.length === 0 ? (
        <p className="hunt-muted">No slots added yet.</p>
      ) : (
        <ul className="hunt-slot-grid">
          {games.map((game) => {
            const multiplier = game.multiplier ?? 0;
            return (
              <li className="card hunt-slot" key={game.id} data-testid={`hunt-game-${game.id}`}>
                <SlotImage name={game.slot_name} src={game.slot_image} />
                <div className="hunt-slot__info">
                  <h3 className="hunt-slot__name">{game.slot_name}</h3>
                  <p className="hunt-slot__provider">{game.provider.name}</p>
                  <FactList
                    className="hunt-slot__numbers"
                    facts={[
                      { label: 'Bet', value: formatAmount(game.slot_bet) },
                      { label: 'Win', value: game.opened ? formatAmount(game.slot_win ?? 0) : '—', testId: 'game-win' },
                      {
                        label: 'Multiplier',
                        value: game.opened ? formatMultiplier(multiplier) : 'Not opened',
                        valueClass: !game.opened ? 'hunt-muted' : multiplier > 0 ? 'hunt-positive' : 'hunt-negative',
                        testId: 'game-multiplier',
                      },
                    ]}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
