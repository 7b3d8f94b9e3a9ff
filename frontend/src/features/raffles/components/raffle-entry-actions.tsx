import { useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Raffle, RaffleEnterRequest } from '@kickback/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoginCta } from '../../../components/ui/login-cta';
import { errorMessage } from '../../../lib/api-error';
import { formatCount, formatNumber } from '../../../lib/format';
import { fullPageLoad } from '../../../lib/http';
import { loginHref } from '../../../lib/login-link';
import { useGetStandingQuery } from '../../../lib/standing-api';
import { useCurrentUser } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { useEnterRaffleMutation } from '../raffles-api';
import { KICK_USERNAME_MESSAGE, LOGIN_MESSAGE } from '../raffle-logic';

/** SPEC §5 action area: free entry (disabled once entered), points entry, password entry (Enter submits). */
export function RaffleEntryActions({ raffle }: { raffle: Raffle }) {
  const user = useCurrentUser();
  const location = useLocation();
  const toast = useToast();
  const [enter, { isLoading }] = useEnterRaffleMutation();
  // The header's cached standing (one read per page): the balance a points entry spends from, current after each push.
  const standing = useGetStandingQuery(undefined, { skip: !user || !raffle.allow_points_entry });
  const [password, setPassword] = useState('');
  const [tickets, setTickets] = useState(1);
  // Points are spent only after the member confirms the sum, as a store purchase asks.
  const [confirmingPoints, setConfirmingPoints] = useState(false);
  const price = raffle.points_per_entry ?? 1;
  const maxTickets = raffle.max_tickets_per_user ? Math.max(0, raffle.max_tickets_per_user - raffle.user_entries.points_tickets) : 1000;

  if (!raffle.is_accepting_entries) {
    return (
      <section className="card raffle-actions" aria-label="Enter raffle">
        <p className="raffle-actions__closed">
          {raffle.has_ended ? 'This raffle has ended and no longer accepts entries.' : 'This raffle has not started yet.'}
        </p>
      </section>
    );
  }

  async function submit(body: Omit<RaffleEnterRequest, 'kick_username'>): Promise<boolean> {
    if (!user) {
      toast.error(LOGIN_MESSAGE);
      // A visitor's Enter is the way in: log in with Kick and come back to this raffle.
      fullPageLoad(loginHref(`${location.pathname}${location.search}`));
      return false;
    }
    if (!user.kick_username) {
      toast.error(KICK_USERNAME_MESSAGE);
      return false;
    }
    try {
      const answer = await enter({ id: raffle.id, body: { ...body, kick_username: user.kick_username } }).unwrap();
      if (answer.success === false) {
        toast.error(answer.message || 'Failed to enter raffle');
        return false;
      }
      toast.success(answer.message || 'Successfully entered the raffle!');
      return true;
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to enter raffle'));
      return false;
    }
  }

  async function submitPassword(): Promise<void> {
    if (!password.trim()) {
      toast.error('Please enter the raffle password.');
      return;
    }
    if (await submit({ entry_type: 'password', password: password.trim() })) setPassword('');
  }

  const onPasswordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submitPassword();
    }
  };

  return (
    <section className="card raffle-actions" aria-labelledby="raffle-actions-title">
      <h2 id="raffle-actions-title">Enter Raffle</h2>
      {!user && (
        <p className="raffle-actions__hint">
          {LOGIN_MESSAGE}. <LoginCta className="button button--primary button--small" purpose="to enter this raffle" />
        </p>
      )}
      {user && !user.kick_username && (
        <p className="raffle-actions__hint">
          {KICK_USERNAME_MESSAGE} <Link to="/settings?tab=connections&highlight=kick">Connect Kick</Link>
        </p>
      )}
      {raffle.allow_passwordless_entry && (
        <div className="raffle-actions__row">
          <button
            type="button"
            className="button button--primary"
            disabled={isLoading || raffle.user_entries.passwordless}
            onClick={() => void submit({ entry_type: 'passwordless' })}
          >
            {raffle.user_entries.passwordless ? 'Entered' : 'Enter for Free'}
          </button>
        </div>
      )}
      {raffle.allow_points_entry && (
        <div className="raffle-actions__row">
          <label className="field">
            <span>Tickets</span>
            <input
              className="input"
              type="number"
              min={1}
              max={Math.max(1, maxTickets)}
              step={1}
              value={tickets}
              onChange={(e) => setTickets(Math.max(1, Math.floor(Number(e.target.value) || 1)))}
            />
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={isLoading || maxTickets === 0}
            onClick={() =>
              user?.kick_username ? setConfirmingPoints(true) : void submit({ entry_type: 'points', points_spent: tickets * price })
            }
          >
            Enter with {formatNumber(tickets * price)} Points
          </button>
          {user && standing.data && (
            <p className="field-hint" data-testid="raffle-points-balance">
              Your balance: {formatCount(standing.data.balance, 'point')}
            </p>
          )}
          {raffle.user_entries.points_tickets > 0 && (
            <p className="field-hint">You hold {formatCount(raffle.user_entries.points_tickets, 'points ticket')}.</p>
          )}
          {confirmingPoints && (
            <ConfirmDialog
              title="Confirm Entry"
              message={pointsEntryMessage(raffle.title, tickets, tickets * price, standing.data?.balance ?? null)}
              confirmLabel={`Spend ${formatCount(tickets * price, 'point')}`}
              busy={isLoading}
              onConfirm={() => {
                setConfirmingPoints(false);
                void submit({ entry_type: 'points', points_spent: tickets * price });
              }}
              onCancel={() => setConfirmingPoints(false)}
            />
          )}
        </div>
      )}
      {raffle.has_password_entry && (
        <div className="raffle-actions__row">
          <label className="field">
            <span>Raffle password</span>
            <input
              className="input"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onKeyDown={onPasswordKey}
              disabled={raffle.user_entries.password}
            />
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={isLoading || raffle.user_entries.password}
            onClick={() => void submitPassword()}
          >
            {raffle.user_entries.password ? 'Entered' : 'Submit Password'}
          </button>
        </div>
      )}
    </section>
  );
}

/** The confirmation's sum: what is spent, on what, and the balance left when the balance is known. */
export function pointsEntryMessage(title: string, tickets: number, cost: number, balance: number | null): string {
  const spend = `Spend ${formatCount(cost, 'point')} on ${formatCount(tickets, 'ticket')} for ${title}?`;
  if (balance === null) return spend;
  return `${spend} You have ${formatCount(balance, 'point')}; ${formatCount(balance - cost, 'point')} will be left.`;
}
