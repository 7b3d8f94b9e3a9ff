import type { Raffle, RaffleVerification } from '@kickback/contracts';
import { computeWinners, entriesHash, RAFFLE_DRAW_ALGORITHM } from '@kickback/contracts/raffle-draw';
import { sha256Hex } from '@kickback/contracts/sha256';
import { errorMessage } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useLazyGetRaffleVerificationQuery } from '../raffles-api';

interface Check {
  label: string;
  ok: boolean;
}

/** Recomputes the draw in this browser from the published data (docs/raffle-draws.md). */
export function verifyInBrowser(v: RaffleVerification): Check[] {
  if (!v.seed) return [];
  const recomputed = computeWinners(v.seed, v.entries, v.number_of_winners, v.rerolled_positions);
  return [
    { label: 'The revealed seed hashes to the seed hash published before the draw', ok: sha256Hex(v.seed) === v.seed_hash },
    { label: 'The published entry list hashes to the recorded entries hash', ok: entriesHash(v.entries) === v.entries_hash },
    { label: 'Recomputing the draw gives exactly the recorded winners', ok: JSON.stringify(recomputed) === JSON.stringify(v.winners) },
  ];
}

export function RaffleVerifyPanel({ raffle }: { raffle: Raffle }) {
  const [load, { data, isFetching, error }] = useLazyGetRaffleVerificationQuery();
  const checks = data ? verifyInBrowser(data) : [];
  return (
    <section className="card raffle-verify" aria-labelledby="raffle-verify-title">
      <h2 id="raffle-verify-title">Verify this draw</h2>
      <p className="field-hint">
        Seed hash (published before the draw): <code>{raffle.seed_hash}</code>
      </p>
      {raffle.seed ? (
        <>
          <p className="field-hint">
            Revealed seed: <code>{raffle.seed}</code>
          </p>
          <button type="button" className="button button--ghost button--small" onClick={() => void load(raffle.id)} disabled={isFetching}>
            {isFetching ? 'Verifying...' : 'Verify in my browser'}
          </button>
        </>
      ) : (
        <p className="field-hint">The seed is revealed when the winners are drawn.</p>
      )}
      {error && <p className="field-error">{errorMessage(error, 'Failed to load the draw data')}</p>}
      {data && (
        <div className="raffle-verify__result" data-testid="raffle-verify-result">
          <ul>
            {checks.map((c) => (
              <li key={c.label} className={c.ok ? 'raffle-verify__ok' : 'raffle-verify__bad'}>
                {c.ok ? '✓' : '✗'} {c.label}
              </li>
            ))}
          </ul>
          <p className="field-hint">
            Algorithm {RAFFLE_DRAW_ALGORITHM}; {formatNumber(data.entries.length)} entries; entries hash <code>{data.entries_hash}</code>
            {data.rerolled_positions.length > 0 && `; rerolled positions: ${data.rerolled_positions.join(', ')}`}.
          </p>
        </div>
      )}
    </section>
  );
}
