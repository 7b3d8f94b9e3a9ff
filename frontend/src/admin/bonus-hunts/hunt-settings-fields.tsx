import type { InputHTMLAttributes } from 'react';
import { adminHuntCreateSchema } from '@kickback/contracts';
import { contractFieldFacts } from '../kit/schema-fields';

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

const nameFacts = contractFieldFacts(adminHuntCreateSchema, 'name');
const balanceFacts = contractFieldFacts(adminHuntCreateSchema, 'starting_balance');

/** Name, starting balance and prize points: the settings a hunt is created with and edits later. */
export function HuntSettingsFields(props: HuntSettingsFieldsProps) {
  const field = (
    id: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    more: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)} {...more} />
    </div>
  );
  return (
    <>
      {field(props.nameId, 'Name', props.name, props.onNameChange, { maxLength: nameFacts.maxLength, placeholder: props.namePlaceholder })}
      {field(props.balanceId, 'Starting balance ($)', props.balance, props.onBalanceChange, {
        inputMode: 'decimal',
        required: balanceFacts.required,
        placeholder: props.balancePlaceholder,
      })}
      {field(props.prizesId, 'Prize points for ranks 1, 2, 3…', props.prizes, props.onPrizesChange)}
    </>
  );
}
