import type { Raffle, RaffleVerification } from '@kickback/contracts';
import { computeWinners, entriesHash, RAFFLE_DRAW_ALGORITHMS } from '@kickback/contracts/raffle-draw';
import { sha256Hex } from '@kickback/contracts/sha256';
import { errorMessage } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useLazyGetRaffleVerificationQuery } from '../raffles-api';

interface Check {
  label: string;
  ok: boolean;
}

/**
 * Recomputes the draw in this browser from the published data (docs/raffle-draws.md), with the algorithm version the
 * raffle was drawn with: v1 for raffles drawn before v2, v2 (multipliers, excluded entries) since.
 */
export function verifyInBrowser(v: RaffleVerification): Check[] {
  if (!v.seed) return [];
  const known = (RAFFLE_DRAW_ALGORITHMS as readonly string[]).includes(v.algorithm);
  if (!known) return [{ label: `This page knows the algorithm ${v.algorithm}`, ok: false }];
  const recomputed = computeWinners(v.seed, v.entries, v.number_of_winners, v.rerolled_positions, v.algorithm);
  return [
    { label: 'The revealed seed hashes to the seed hash published before the draw', ok: sha256Hex(v.seed) === v.seed_hash },
    { label: 'The published entry list hashes to the recorded entries hash', ok: entriesHash(v.entries, v.algorithm) === v.entries_hash },
    { label: 'Recomputing the draw gives exactly the recorded winners', ok: JSON.stringify(recomputed) === JSON.stringify(v.winners) },
  ];
}

/** "12 entries (1 excluded)": excluded entries are published in v2 and never drawn. */
function entryCount(v: RaffleVerification): string {
  const excluded = v.entries.filter((e) => e.excluded).length;
  const total = `${formatNumber(v.entries.length)} ${v.entries.length === 1 ? 'entry' : 'entries'}`;
  return excluded ? `${total} (${formatNumber(excluded)} excluded)` : total;
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
            Algorithm {data.algorithm}; {entryCount(data)}; entries hash <code>{data.entries_hash}</code>
            {data.rerolled_positions.length > 0 && `; rerolled positions: ${data.rerolled_positions.join(', ')}`}.
          </p>
        </div>
      )}
    </section>
  );
}
