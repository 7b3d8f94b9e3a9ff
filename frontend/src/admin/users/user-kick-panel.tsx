import { FOLLOWS_KNOWN_HINT, KICK_STANDING_MESSAGES } from '@kickback/contracts/api/kick-member';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { QueryStatus } from '../../components/ui/query-status';
import { useAdminAction } from '../kit/use-admin-crud';
import { useClearKickBanMutation, useGetKickStandingQuery, useMarkKickFollowerMutation } from './admin-kick-standing-api';
import { useConfirmation } from '../kit/use-confirmation';

/**
 * The member's Kick account as the channel's deliveries describe it. Kick sends no unban event, so a ban lifted on
 * Kick stays here until "Clear Kick ban" (which also lifts it on Kick when the connection may); Kick has no follower
 * lookup, so a member who followed before the channel was connected can be marked as a follower.
 */
export function UserKickPanel({ userId, username }: { userId: number; username: string }) {
  const standing = useGetKickStandingQuery(userId);
  const [clearBan] = useClearKickBanMutation();
  const [markFollower, marking] = useMarkKickFollowerMutation();
  const confirmation = useConfirmation();
  const act = useAdminAction();
  const toast = useToast();
  const data = standing.data;

  const clear = async () => {
    try {
      const { kick_unban } = await clearBan(userId).unwrap();
      const message = KICK_STANDING_MESSAGES.cleared[kick_unban];
      if (kick_unban === 'sent') toast.success(message);
      else toast.warning(message);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to clear the Kick ban'));
    }
  };
  const askClear = () =>
    confirmation.ask({
      title: `Clear ${username}'s Kick ban?`,
      message:
        'They can enter raffles again at once. When the Kick connection allows moderation:ban, they are unbanned in the Kick chat too.',
      confirmLabel: 'Clear Kick ban',
      run: clear,
    });

  return (
    <section className="card admin-fieldset" aria-labelledby="user-kick-title" data-testid="user-kick">
      <h2 id="user-kick-title">Kick channel</h2>
      <QueryStatus
        isLoading={standing.isLoading}
        isError={standing.isError}
        isEmpty={!!data && data.kick_user_id === null}
        loadingText="Loading the Kick standing..."
        errorText="Failed to load the Kick standing."
        emptyText="No Kick account is linked: the channel's bans and follows cannot be known."
      />
      {data && data.kick_user_id !== null && (
        <>
          {data.ban ? (
            <div role="status" data-testid="kick-ban-status">
              <p>
                <strong>Banned in the Kick chat</strong>
                {data.ban.banned_at && <> since {formatDateTime(data.ban.banned_at)}</>}
                {data.ban.expires_at ? <> until {formatDateTime(data.ban.expires_at)}</> : ' (permanent)'}
                {data.ban.reason && <> — {data.ban.reason}</>}
              </p>
              <p className="field-hint">
                Kick never says when a ban is lifted: clear it here once the viewer is unbanned, or to unban them on Kick as well.
              </p>
              <button type="button" className="button button--ghost" onClick={askClear}>
                Clear Kick ban
              </button>
            </div>
          ) : (
            <p data-testid="kick-ban-status">
              Not banned in the Kick chat
              {data.ban_cleared_at && <> (a Kick ban was cleared {formatDateTime(data.ban_cleared_at)})</>}.
            </p>
          )}
          <p data-testid="kick-follower-status">
            {data.followed_at ? <>Follower since {formatDateTime(data.followed_at)}.</> : 'Not known as a follower.'}
          </p>
          {!data.followed_at && (
            <>
              <p className="field-hint">{FOLLOWS_KNOWN_HINT}</p>
              <button
                type="button"
                className="button button--ghost"
                disabled={marking.isLoading}
                onClick={() =>
                  void act(() => markFollower(userId).unwrap(), KICK_STANDING_MESSAGES.markedFollower, 'Failed to mark as a follower')
                }
              >
                {marking.isLoading ? 'Working...' : 'Mark as follower'}
              </button>
            </>
          )}
        </>
      )}
      {confirmation.dialog}
    </section>
  );
}
