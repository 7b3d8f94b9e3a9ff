import { useState, type FormEvent } from 'react';
import type { AdminRaffle, AdminRaffleInput } from '@kickback/contracts';
import { ImageUpload } from '../../components/ui/image-upload';
import { TextField } from '../../components/ui/text-field';
import { RaffleRulesFields, rulesDraft, rulesInput } from './raffle-rules-fields';
import { SaveRaffleTemplate } from './save-raffle-template';

interface Props {
  initial: AdminRaffle | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: Partial<AdminRaffleInput>) => void;
  onCancel: () => void;
}

/** datetime-local wants local time without a zone. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function RaffleForm({ initial, saving, serverErrors, onSubmit, onCancel }: Props) {
  const now = Date.now();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [image, setImage] = useState<string | null>(initial?.image ?? null);
  const [prize, setPrize] = useState(initial?.prize_description ?? '');
  const [prizeValue, setPrizeValue] = useState(String(initial?.prize_value_usd ?? 0));
  const [start, setStart] = useState(toLocalInput(initial?.start_datetime ?? new Date(now).toISOString()));
  const [end, setEnd] = useState(toLocalInput(initial?.end_datetime ?? new Date(now + 86_400_000).toISOString()));
  const [winners, setWinners] = useState(String(initial?.number_of_winners ?? 1));
  const [free, setFree] = useState(initial?.allow_passwordless_entry ?? true);
  const [points, setPoints] = useState(initial?.allow_points_entry ?? false);
  const [price, setPrice] = useState(String(initial?.points_per_entry ?? 100));
  const [maxTickets, setMaxTickets] = useState(initial?.max_tickets_per_user ? String(initial.max_tickets_per_user) : '');
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const [rules, setRules] = useState(rulesDraft(initial?.entry_rules ?? null));
  const [claimMinutes, setClaimMinutes] = useState(initial?.claim_window_minutes ? String(initial.claim_window_minutes) : '');
  const [casinoCredit, setCasinoCredit] = useState(initial?.casino_credit_prize ?? false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: Partial<AdminRaffleInput> = {
      title,
      description,
      image,
      prize_description: prize,
      prize_value_usd: Number(prizeValue) || 0,
      start_datetime: new Date(start).toISOString(),
      end_datetime: new Date(end).toISOString(),
      number_of_winners: Number(winners),
      allow_passwordless_entry: free,
      allow_points_entry: points,
      points_per_entry: points ? Number(price) : null,
      max_tickets_per_user: maxTickets ? Number(maxTickets) : null,
      entry_rules: rulesInput(rules),
      claim_window_minutes: claimMinutes.trim() ? Number(claimMinutes) : null,
      casino_credit_prize: casinoCredit,
    };
    if (password.trim()) input.password = password.trim();
    else if (removePassword) input.password = null;
    onSubmit(input);
  };

  const err = (field: string) => serverErrors[field];
  return (
    <form className="card admin-form" onSubmit={submit} aria-label={initial ? `Edit ${initial.title}` : 'New raffle'}>
      <h2>{initial ? `Edit ${initial.title}` : 'New raffle'}</h2>
      <TextField label="Title" value={title} onChange={setTitle} error={err('title')} required maxLength={200} />
      <TextField label="Description" value={description} onChange={setDescription} error={err('description')} multiline />
      <ImageUpload label="Image" onUploaded={setImage} />
      {image && (
        <p className="field-hint">
          <img src={image} alt="" width={120} />{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => setImage(null)}>
            Remove image
          </button>
        </p>
      )}
      <TextField label="Prize" value={prize} onChange={setPrize} error={err('prize_description')} />
      <TextField
        label="Prize value (USD)"
        value={prizeValue}
        onChange={setPrizeValue}
        error={err('prize_value_usd')}
        hint="Counts toward the total given away once drawn."
      />
      <div className="field">
        <label htmlFor="raffle-start">Start</label>
        <input
          id="raffle-start"
          className="input"
          type="datetime-local"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          required
        />
        {err('start_datetime') && <span className="field-error">{err('start_datetime')}</span>}
      </div>
      <div className="field">
        <label htmlFor="raffle-end">End</label>
        <input id="raffle-end" className="input" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} required />
        {err('end_datetime') && <span className="field-error">{err('end_datetime')}</span>}
      </div>
      <TextField label="Number of winners" value={winners} onChange={setWinners} error={err('number_of_winners')} />
      <label className="checkbox">
        <input type="checkbox" checked={free} onChange={(e) => setFree(e.target.checked)} /> Free (passwordless) entry
      </label>
      {err('allow_passwordless_entry') && <span className="field-error">{err('allow_passwordless_entry')}</span>}
      <label className="checkbox">
        <input type="checkbox" checked={points} onChange={(e) => setPoints(e.target.checked)} /> Points entry
      </label>
      {points && (
        <>
          <TextField label="Points per ticket" value={price} onChange={setPrice} error={err('points_per_entry')} />
          <TextField
            label="Max points tickets per member (empty = no limit)"
            value={maxTickets}
            onChange={setMaxTickets}
            error={err('max_tickets_per_user')}
          />
        </>
      )}
      <div className="field">
        <label htmlFor="raffle-password">
          {initial?.has_password_entry ? 'New password (leave empty to keep)' : 'Password entry (leave empty for none)'}
        </label>
        <input
          id="raffle-password"
          className="input"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {err('password') && <span className="field-error">{err('password')}</span>}
      </div>
      {initial?.has_password_entry && (
        <label className="checkbox">
          <input type="checkbox" checked={removePassword} onChange={(e) => setRemovePassword(e.target.checked)} /> Remove password entry
        </label>
      )}
      <RaffleRulesFields draft={rules} onChange={setRules} error={err} />
      <TextField
        label="Claim window (minutes)"
        value={claimMinutes}
        onChange={setClaimMinutes}
        error={err('claim_window_minutes')}
        hint="Empty: winners need not claim. Otherwise an unclaimed prize passes to the next person in the draw order (e.g. 10 on stream, 2880 for 48 hours)."
      />
      <label className="checkbox">
        <input type="checkbox" checked={casinoCredit} onChange={(e) => setCasinoCredit(e.target.checked)} /> The prize is casino credit (members
        taking a break from gambling cannot enter)
      </label>
      <SaveRaffleTemplate
        settings={() => ({
          description,
          image,
          prize_description: prize,
          prize_value_usd: Number(prizeValue) || 0,
          number_of_winners: Number(winners),
          duration_minutes: Math.max(1, Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000)),
          allow_passwordless_entry: free,
          allow_points_entry: points,
          points_per_entry: points ? Number(price) : null,
          max_tickets_per_user: maxTickets ? Number(maxTickets) : null,
          entry_rules: rulesInput(rules),
          claim_window_minutes: claimMinutes.trim() ? Number(claimMinutes) : null,
          casino_credit_prize: casinoCredit,
        })}
      />
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
