import { FRIEND_MESSAGES } from '@kickback/contracts/api/friends';
import { errorMessage } from './api-error';
import {
  useAcceptFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useRemoveFriendMutation,
  useSendFriendRequestMutation,
} from './friends-api';
import { useToast } from './use-toast';

/**
 * The four friend actions with their SPEC §8 toasts: the server's message on success (else the SPEC text), the
 * server's refusal on failure (else the SPEC fallback). Only for lazily loaded screens: the friends contract module
 * carries zod, which must stay out of the first load.
 */
export function useFriendActions() {
  const toast = useToast();
  const [send, sendState] = useSendFriendRequestMutation();
  const [accept, acceptState] = useAcceptFriendRequestMutation();
  const [decline, declineState] = useDeclineFriendRequestMutation();
  const [remove, removeState] = useRemoveFriendMutation();

  const run = async (call: () => Promise<{ message?: string }>, success: string, failure: string): Promise<boolean> => {
    try {
      const answer = await call();
      toast.success(answer.message || success);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, failure));
      return false;
    }
  };

  return {
    busy: sendState.isLoading || acceptState.isLoading || declineState.isLoading || removeState.isLoading,
    send: (userId: number) => run(() => send(userId).unwrap(), FRIEND_MESSAGES.sent, FRIEND_MESSAGES.sendFailed),
    accept: (friendshipId: number) => run(() => accept(friendshipId).unwrap(), FRIEND_MESSAGES.accepted, FRIEND_MESSAGES.acceptFailed),
    decline: (friendshipId: number) => run(() => decline(friendshipId).unwrap(), FRIEND_MESSAGES.declined, FRIEND_MESSAGES.declineFailed),
    remove: (friendshipId: number) => run(() => remove(friendshipId).unwrap(), FRIEND_MESSAGES.removed, FRIEND_MESSAGES.removeFailed),
  };
}
