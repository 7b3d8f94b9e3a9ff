import { useState, type InputHTMLAttributes } from 'react';
import { adminHuntCreateSchema } from '@kickback/contracts';
import { contractFieldFacts } from '../kit/schema-fields';
import { parsePrizePoints } from './prize-points';

/** The three settings as typed: a hunt is created with them and edits them later. */
export interface HuntSettingsTexts {
  name: string;
  balance: string;
  prizes: string;
}

export const NEW_HUNT_SETTINGS: HuntSettingsTexts = { name: '', balance: '', prizes: '1000, 500, 250' };

/**
 * The settings' texts and the hunt input they make: `input` is null while the prize points do not parse, so
 * the create form, Go live's start form and the editor check and trim them the same way.
 */
export function useHuntSettings(initial: HuntSettingsTexts) {
  const [texts, setTexts] = useState(initial);
  const prizePoints = parsePrizePoints(texts.prizes);
  return {
    texts,
    change: (key: keyof HuntSettingsTexts) => (value: string) => setTexts((now) => ({ ...now, [key]: value })),
    input: prizePoints && { name: texts.name.trim(), starting_balance: texts.balance.trim(), prize_points: prizePoints },
    /** After a hunt is made the next one starts from a blank name and balance; the prize points carry over. */
    clearNameAndBalance: () => setTexts((now) => ({ ...now, name: '', balance: '' })),
  };
}

interface HuntSettingsFieldsProps {
  /** Input ids of their own, so the create form and the editor can sit on one page. */
  idPrefix: string;
  settings: ReturnType<typeof useHuntSettings>;
  /** Shown while the name is empty: the name the hunt gets by default. */
  namePlaceholder: string;
  balancePlaceholder?: string;
}

const nameFacts = contractFieldFacts(adminHuntCreateSchema, 'name');
const balanceFacts = contractFieldFacts(adminHuntCreateSchema, 'starting_balance');

/** Name, starting balance and prize points: the settings a hunt is created with and edits later. */
export function HuntSettingsFields({ idPrefix, settings, namePlaceholder, balancePlaceholder }: HuntSettingsFieldsProps) {
  const field = (key: keyof HuntSettingsTexts, label: string, more: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="field">
      <label htmlFor={`${idPrefix}-${key}`}>{label}</label>
      <input
        id={`${idPrefix}-${key}`}
        className="input"
        value={settings.texts[key]}
        onChange={(e) => settings.change(key)(e.target.value)}
        {...more}
      />
    </div>
  );
  return (
    <>
      {field('name', 'Name', { maxLength: nameFacts.maxLength, placeholder: namePlaceholder })}
      {field('balance', 'Starting balance ($)', {
        inputMode: 'decimal',
        required: balanceFacts.required,
        placeholder: balancePlaceholder,
      })}
      {field('prizes', 'Prize points for ranks 1, 2, 3…')}
    </>
  );
}
