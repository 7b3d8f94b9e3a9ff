import type { HuntGame } from '@kickback/contracts';
import { formatAmount, formatMultiplier } from '../../../lib/format';
import { SlotImage } from './slot-image';

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
                  <dl className="hunt-slot__numbers">
                    <div>
                      <dt>Bet</dt>
                      <dd>{formatAmount(game.slot_bet)}</dd>
                    </div>
                    <div>
                      <dt>Win</dt>
                      <dd data-testid="game-win">{game.opened ? formatAmount(game.slot_win ?? 0) : '—'}</dd>
                    </div>
                    <div>
                      <dt>Multiplier</dt>
                      {game.opened ? (
                        <dd className={multiplier > 0 ? 'hunt-positive' : 'hunt-negative'} data-testid="game-multiplier">
                          {formatMultiplier(multiplier)}
                        </dd>
                      ) : (
                        <dd className="hunt-muted" data-testid="game-multiplier">
                          Not opened
                        </dd>
                      )}
                    </div>
                  </dl>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
