import { useState, type FormEvent } from 'react';
import { HUNT_PHASE_LABELS } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { formatAmount, formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { useCreateHuntMutation, useGetAdminHuntQuery, useGetAdminHuntsQuery } from './admin-bonus-hunts-api';
import { HuntEditor } from './hunt-editor';
import { HuntSettingsFields, NEW_HUNT_SETTINGS, useHuntSettings } from './hunt-settings-fields';
import { PRIZE_POINTS_INVALID } from './prize-points';
import './bonus-hunts-admin.css';
import { Pager } from '../../components/ui/pager';
import { SubmitButton } from '../kit/submit-button';

function CreateHuntForm({ onCreated }: { onCreated: (id: number) => void }) {
  const toast = useToast();
  const [create, { isLoading }] = useCreateHuntMutation();
  const settings = useHuntSettings(NEW_HUNT_SETTINGS);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings.input) return void toast.error(PRIZE_POINTS_INVALID);
    try {
      const hunt = await create(settings.input).unwrap();
      toast.success(`${hunt.name} created`);
      settings.clearNameAndBalance();
      onCreated(hunt.id);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to create the hunt'));
    }
  };

  return (
    <form className="card admin-fieldset hunt-create" onSubmit={onSubmit}>
      <h2>New Hunt</h2>
      <HuntSettingsFields idPrefix="new-hunt" settings={settings} namePlaceholder="Bonus Hunt #…" balancePlaceholder="1000.00" />
      <SubmitButton busy={isLoading}>Create Hunt</SubmitButton>
    </form>
  );
}

/** Admin › Bonus Hunts: create a hunt, pick one and run it on stream. */
export default function BonusHuntsAdminPage() {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useGetAdminHuntsQuery(page);
  const hunts = list.data?.data ?? [];
  const running = hunts.find((h) => h.status !== 'completed');
  const huntId = selected ?? running?.id ?? hunts[0]?.id ?? null;
  const detail = useGetAdminHuntQuery(huntId ?? 0, { skip: huntId === null });
  const lastPage = list.data?.pagination.last_page ?? 1;

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Bonus Hunts</h1>
      </header>
      {list.isError && (
        <p role="alert" className="admin-status">
          Failed to load hunts.
        </p>
      )}
      <div className="hunt-admin-layout">
        <aside className="hunt-admin-list" aria-label="Hunts">
          {!running && !list.isLoading && <CreateHuntForm onCreated={setSelected} />}
          {running && (
            <p className="field-hint" data-testid="hunt-one-at-a-time">
              One hunt runs at a time: complete {running.name} to start the next.
            </p>
          )}
          <ul className="hunt-admin-list__items">
            {hunts.map((hunt) => (
              <li key={hunt.id}>
                <button
                  type="button"
                  className={hunt.id === huntId ? 'hunt-admin-list__item hunt-admin-list__item--active' : 'hunt-admin-list__item'}
                  aria-current={hunt.id === huntId ? 'true' : undefined}
                  onClick={() => setSelected(hunt.id)}
                >
                  <strong>{hunt.name}</strong> <span>{HUNT_PHASE_LABELS[hunt.status]}</span>
                  <small>
                    {formatAmount(hunt.starting_balance)} · {hunt.games_count} slots · {hunt.predictions_count} predictions ·{' '}
                    {formatDateTime(hunt.created_at)}
                  </small>
                </button>
              </li>
            ))}
          </ul>
          <Pager label="Hunt pages" page={page} lastPage={lastPage} onPage={setPage} />
        </aside>
        <section className="hunt-admin-detail">
          {list.isLoading || detail.isLoading ? (
            <p role="status" className="admin-status">
              Loading hunts...
            </p>
          ) : detail.data ? (
            <HuntEditor key={detail.data.id} hunt={detail.data} />
          ) : (
            <p className="admin-status">No hunts yet. Create the first one.</p>
          )}
        </section>
      </div>
    </div>
  );
}
