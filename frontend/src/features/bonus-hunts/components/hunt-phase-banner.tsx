import { HUNT_PHASE_LABELS, type HuntSummary } from '@kickback/contracts';

/** What a viewer can do now, per phase: predict while the bonuses are collected, then watch them open. */
function phaseNote(hunt: HuntSummary): string {
  if (hunt.status === 'opening') return 'The bonuses are being opened. Predictions are closed.';
  if (hunt.status === 'completed') return 'This hunt is finished. Predictions are being scored.';
  return hunt.predictions_active
    ? 'Bonuses are being collected. Predictions are open until the first bonus is opened.'
    : 'Bonuses are being collected. Predictions are not open yet.';
}

/** The running hunt's name and phase, above its numbers. */
export function HuntPhaseBanner({ hunt }: { hunt: HuntSummary }) {
  return (
    <header className="hunt-phase" data-testid="hunt-phase">
      <h2 className="hunt-phase__name">{hunt.name}</h2>
      <span className={`hunt-phase__badge hunt-phase__badge--${hunt.status}`}>{HUNT_PHASE_LABELS[hunt.status]}</span>
      <p className="hunt-muted hunt-phase__note">{phaseNote(hunt)}</p>
    </header>
  );
}
