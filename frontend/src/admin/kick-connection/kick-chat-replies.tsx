import type { KickChatAs, KickConnectionStatus } from '@kickback/contracts';
import { SelectField } from '../../components/ui/select-field';
import { formatDateTime } from '../activity/activity-format';
import { useAdminAction } from '../kit/use-admin-crud';
import { useSaveKickChatMutation } from './kick-connection-api';

/**
 * Whether chat replies (command answers, raffle winners) reach Kick's chat, how they are posted, and how sending has
 * fared: the failures since the account was connected, the last one and when, and the last reply that got through.
 */
export function KickChatReplies({ status }: { status: KickConnectionStatus }) {
  const replies = status.chat_replies;
  const [save, saving] = useSaveKickChatMutation();
  const run = useAdminAction();
  return (
    <>
      <p role="status" data-testid="chat-replies">
        Bot replies in chat: {replies.on ? 'on' : `off — ${replies.reason}`}
      </p>
      {status.connected && (
        <SelectField
          id="kick-chat-as"
          label="Post replies as"
          value={replies.as}
          onChange={(value) => {
            if (saving.isLoading) return;
            void run(() => save({ as: value as KickChatAs }).unwrap(), 'Chat replies saved.', 'Failed to save chat replies.');
          }}
        >
          <option value="user">The connected account (recommended)</option>
          <option value="bot">The app&apos;s bot account (falls back to the connected account when Kick refuses it)</option>
        </SelectField>
      )}
      <p className="field-hint" data-testid="chat-sends">
        {replies.last_sent_at ? `Last reply sent ${formatDateTime(replies.last_sent_at)}. ` : 'No reply sent yet. '}
        {replies.failures === 0
          ? 'No send has failed.'
          : `${replies.failures} ${replies.failures === 1 ? 'send' : 'sends'} failed; the last at ${formatDateTime(replies.last_failed_at)}: ${replies.last_failure}`}
      </p>
    </>
  );
}
