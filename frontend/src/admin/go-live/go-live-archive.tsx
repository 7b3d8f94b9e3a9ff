import { useState } from 'react';
import { ARCHIVE_KINDS, type ArchiveKind } from '@kickback/contracts';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { useAdminAction } from '../kit/use-admin-crud';
import { useConfirmation } from '../kit/use-confirmation';
import { useArchiveOverMutation } from './admin-go-live-api';
import { ArchivedList } from './go-live-archived-list';

const LABELS: Record<ArchiveKind, string> = {
  raffles: 'Drawn and cancelled raffles',
  hunts: 'Completed hunts',
  tournaments: 'Finished tournaments',
  store_items: 'Sold-out store items',
};

/**
 * Tidying up after a stream (or after testing): what is over leaves the lists in one go, its pages and winners kept;
 * what was archived is listed below it to restore.
 */
export function ArchivePanel() {
  const [kinds, setKinds] = useState<ArchiveKind[]>([...ARCHIVE_KINDS]);
  const [archive, state] = useArchiveOverMutation();
  const act = useAdminAction();
  const confirmation = useConfirmation();
  const ask = () =>
    confirmation.ask({
      title: 'Archive what is over?',
      message: `${kinds.map((k) => LABELS[k]).join(', ')} leave the site's and the admin's lists. Their pages, draw verification and winners stay.`,
      confirmLabel: 'Archive',
      cancelLabel: 'Keep them listed',
      run: () =>
        act(
          () => archive(kinds).unwrap(),
          (answer) => answer.message ?? 'Archived.',
          'Failed to archive',
        ),
    });
  return (
    <section className="card go-live__panel" aria-labelledby="go-live-archive">
      <h2 id="go-live-archive">Archive what is over</h2>
      <p className="field-hint">Only what has ended is archived; nothing running is touched.</p>
      <fieldset className="go-live__archive">
        <legend className="visually-hidden">What to archive</legend>
        {ARCHIVE_KINDS.map((kind) => (
          <CheckboxField
            key={kind}
            label={LABELS[kind]}
            checked={kinds.includes(kind)}
            onChange={(on) => setKinds((k) => (on ? [...k, kind] : k.filter((x) => x !== kind)))}
          />
        ))}
      </fieldset>
      <button type="button" className="button button--ghost" disabled={kinds.length === 0 || state.isLoading} onClick={ask}>
        Archive
      </button>
      <ArchivedList />
      {confirmation.dialog}
    </section>
  );
}
