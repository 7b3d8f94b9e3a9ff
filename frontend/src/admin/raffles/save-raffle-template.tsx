import { useState } from 'react';
import { raffleTemplateCreateSchema, type RaffleTemplateSettings } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { contractFieldFacts } from '../kit/schema-fields';
import { useSaveRaffleTemplateMutation } from './raffle-templates-api';
import { SmallButton } from '../kit/rows';

/**
 * Saves the form's settings (description, image, prize and its value, winners, how long it runs, entry options, rules,
 * luck, claim window) under a name, for Go live to start raffles from; the title, schedule and password are not kept.
 */
export function SaveRaffleTemplate({ settings }: { settings: () => RaffleTemplateSettings }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [save, state] = useSaveRaffleTemplateMutation();
  const toast = useToast();
  const submit = async () => {
    setError(null);
    try {
      const answer = await save({ name: name.trim(), settings: settings() }).unwrap();
      toast.success(answer.message ?? 'Template saved.');
      setName('');
    } catch (failure) {
      setError(errorMessage(failure as Parameters<typeof errorMessage>[0], 'Failed to save the template'));
    }
  };
  return (
    <fieldset className="admin-fieldset" aria-label="Save as template">
      <legend>Save as template</legend>
      <div className="field">
        <label htmlFor="raffle-template-name">Template name</label>
        <input
          id="raffle-template-name"
          className="input"
          value={name}
          maxLength={contractFieldFacts(raffleTemplateCreateSchema, 'name').maxLength}
          placeholder="Sub-only stream giveaway"
          onChange={(e) => setName(e.target.value)}
        />
        {error && <span className="field-error">{error}</span>}
      </div>
      <SmallButton disabled={!name.trim() || state.isLoading} onClick={() => void submit()}>
        Save as template
      </SmallButton>
    </fieldset>
  );
}
