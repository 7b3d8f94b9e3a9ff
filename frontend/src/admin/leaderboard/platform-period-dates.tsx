interface PlatformPeriodDatesProps {
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  errors: Record<string, string>;
}

/** A custom period's start and end, typed in UTC. */
export function PlatformPeriodDates({ start, end, onStart, onEnd, errors }: PlatformPeriodDatesProps) {
  return (
    <div className="admin-grid">
      <div className="field">
        <label>
          Start (UTC)
          <input className="input" type="datetime-local" value={start} onChange={(event) => onStart(event.target.value)} />
        </label>
        {errors.custom_start && <span className="field-error">{errors.custom_start}</span>}
      </div>
      <div className="field">
        <label>
          End (UTC)
          <input className="input" type="datetime-local" value={end} onChange={(event) => onEnd(event.target.value)} />
        </label>
        {errors.custom_end && <span className="field-error">{errors.custom_end}</span>}
      </div>
    </div>
  );
}
