import { useCountdown } from '../../lib/use-countdown';
import './countdown.css';

/** Days / hrs / min / sec until `endMs`, then 'Ended' (SPEC §4 Countdown). */
export function Countdown({ endMs, label = 'Time left' }: { endMs: number; label?: string }) {
  const parts = useCountdown(endMs);
  if (parts.ended) {
    return <p className="countdown countdown--ended">Ended</p>;
  }
  const units = [
    { value: parts.days, unit: 'days' },
    { value: parts.hours, unit: 'hrs' },
    { value: parts.minutes, unit: 'min' },
    { value: parts.seconds, unit: 'sec' },
  ];
  return (
    <div className="countdown" role="timer" aria-label={label}>
      {units.map(({ value, unit }) => (
        <span className="countdown__part" key={unit}>
          <span className="countdown__value">{String(value).padStart(2, '0')}</span>
          <span className="countdown__unit">{unit}</span>
        </span>
      ))}
    </div>
  );
}
