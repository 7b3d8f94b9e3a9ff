interface HuntSettingsFieldsProps {
  /** Input ids of their own, so the create form and the editor can sit on one page. */
  nameId: string;
  balanceId: string;
  prizesId: string;
  name: string;
  /** Shown while the name is empty: the name the hunt gets by default. */
  namePlaceholder: string;
  onNameChange: (value: string) => void;
  balance: string;
  prizes: string;
  onBalanceChange: (value: string) => void;
  onPrizesChange: (value: string) => void;
  balancePlaceholder?: string;
}

/** Name, starting balance and prize points: the settings a hunt is created with and edits later. */
export function HuntSettingsFields({
  nameId,
  name,
  namePlaceholder,
  onNameChange,
  balanceId,
  prizesId,
  balance,
  prizes,
  onBalanceChange,
  onPrizesChange,
  balancePlaceholder,
}: HuntSettingsFieldsProps) {
  return (
    <>
      <div className="field">
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          className="input"
          maxLength={80}
          placeholder={namePlaceholder}
          value={name}
          onChange={(e) => onNameChange(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={balanceId}>Starting balance ($)</label>
        <input
          id={balanceId}
          className="input"
          inputMode="decimal"
          required
          placeholder={balancePlaceholder}
          value={balance}
          onChange={(e) => onBalanceChange(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={prizesId}>Prize points for ranks 1, 2, 3…</label>
        <input id={prizesId} className="input" value={prizes} onChange={(e) => onPrizesChange(e.target.value)} />
      </div>
    </>
  );
}
