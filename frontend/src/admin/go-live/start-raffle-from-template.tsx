import { useState, type FormEvent } from 'react';
import { describeEntryRules, raffleTemplateStartSchema, type RaffleTemplateSettings } from '@kickback/contracts';
import { formatAmount, formatCount } from '../../lib/format';
import { useGetRaffleTemplatesQuery, useStartRaffleFromTemplateMutation } from '../raffles/raffle-templates-api';
import { SelectField } from '../../components/ui/select-field';
import { contractFieldFacts } from '../kit/schema-fields';
import { useAdminAction } from '../kit/use-admin-crud';

/** The prize and what it is worth (what the draw adds to Total Given Away), so a $0 value is seen before starting. */
const prizeWords = (settings: RaffleTemplateSettings) =>
  `${settings.prize_description || 'No prize text'} (worth ${formatAmount(settings.prize_value_usd)}): `;

/** Go live: a new raffle from a saved template in one step, taking entries from now for the template's duration. */
export function StartRaffleFromTemplate() {
  const templates = useGetRaffleTemplatesQuery();
  const [start, state] = useStartRaffleFromTemplateMutation();
  const act = useAdminAction();
  const [templateId, setTemplateId] = useState('');
  const [title, setTitle] = useState('');
  const list = templates.data ?? [];
  if (!list.length) return <p className="field-hint">Save a raffle form as a template to start giveaways from here.</p>;
  const chosen = list.find((t) => String(t.id) === templateId) ?? list[0]!;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = title.trim() || chosen.name;
    if (await act(() => start({ id: chosen.id, title: name }).unwrap(), `${name} is taking entries.`, 'Failed to start the raffle'))
      setTitle('');
  };
  const rules = describeEntryRules(chosen.settings.entry_rules);
  return (
    <form className="go-live__template" aria-label="Start a raffle from a template" onSubmit={(e) => void submit(e)}>
      <h3 className="go-live__subtitle">Start from a template</h3>
      <SelectField id="go-live-template" label="Template" value={String(chosen.id)} onChange={setTemplateId}>
        {list.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </SelectField>
      <p className="field-hint" data-testid="go-live-template-summary">
        {prizeWords(chosen.settings)}
        {formatCount(chosen.settings.number_of_winners, 'winner')}, open for {formatCount(chosen.settings.duration_minutes, 'minute')}
        {rules.length ? `; ${rules.join('; ')}` : ''}.
      </p>
      <label className="field">
        <span>Title</span>
        <input
          className="input"
          value={title}
          maxLength={contractFieldFacts(raffleTemplateStartSchema, 'title').maxLength}
          placeholder={chosen.name}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <button type="submit" className="button button--primary button--small" disabled={state.isLoading}>
        Start raffle
      </button>
    </form>
  );
}
