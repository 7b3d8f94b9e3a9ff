import { useState, type FormEvent } from 'react';
import { formatDate } from '../../lib/format';
import { SelectField } from '../../components/ui/select-field';
import { useAdminAction } from '../kit/use-admin-crud';
import { useGetAdminBadgesQuery } from '../progression/admin-progression-api';
import { useGetUserXpQuery, useGrantBadgeMutation, useRevokeBadgeMutation } from './admin-users-api';
import { SmallButton } from '../kit/rows';
import { SubmitButton } from '../kit/submit-button';

/** The member's badges with revoke, and a grant of any catalogue badge they do not hold. */
export function UserBadgesPanel({ userId }: { userId: number }) {
  // Page 1 of the ledger carries the member's badges; RTK Query shares the request with the XP panel.
  const { data: ledger, isLoading } = useGetUserXpQuery({ userId, page: 1 });
  const { data: catalogue = [] } = useGetAdminBadgesQuery();
  const [grant, grantState] = useGrantBadgeMutation();
  const [revoke, revokeState] = useRevokeBadgeMutation();
  const [badgeId, setBadgeId] = useState('');
  const act = useAdminAction();
  const held = ledger?.badges ?? [];
  const grantable = catalogue.filter((badge) => !held.some((h) => h.id === badge.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const badge = grantable.find((b) => String(b.id) === badgeId);
    if (!badge) return;
    if (await act(() => grant({ userId, badgeId: badge.id }).unwrap(), `${badge.name} granted`, 'Failed to grant the badge'))
      setBadgeId('');
  };

  return (
    <section className="card admin-fieldset" aria-labelledby="user-badges-title">
      <h2 id="user-badges-title">Badges</h2>
      {isLoading && <p role="status">Loading badges...</p>}
      {ledger && held.length === 0 && <p className="field-hint">No badges yet.</p>}
      {held.length > 0 && (
        <ul className="admin-badge-list">
          {held.map((badge) => (
            <li key={badge.id}>
              <span>
                <span aria-hidden="true">{badge.icon || '🏅'}</span> {badge.name}{' '}
                <span className="field-hint">
                  ({badge.granted_by === 'admin' ? 'granted by an admin' : 'earned'} {formatDate(badge.granted_at)})
                </span>
              </span>
              <SmallButton
                label={`Revoke ${badge.name}`}
                disabled={revokeState.isLoading}
                onClick={() =>
                  void act(() => revoke({ userId, badgeId: badge.id }).unwrap(), `${badge.name} revoked`, 'Failed to revoke the badge')
                }
              >
                Revoke
              </SmallButton>
            </li>
          ))}
        </ul>
      )}
      {grantable.length > 0 && (
        <form onSubmit={(e) => void submit(e)} className="admin-grid">
          <SelectField id="user-badge-grant" label="Grant a badge" value={badgeId} onChange={setBadgeId}>
            <option value="">Choose a badge</option>
            {grantable.map((badge) => (
              <option key={badge.id} value={badge.id}>
                {badge.name}
              </option>
            ))}
          </SelectField>
          <div className="admin-form-actions">
            <SubmitButton busy={grantState.isLoading} disabled={badgeId === ''}>
              Grant Badge
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
