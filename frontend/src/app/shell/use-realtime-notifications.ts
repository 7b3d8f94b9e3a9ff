import { useEffect } from 'react';
import { useAppDispatch } from '../hooks';
import { onServerEvent } from '../../lib/socket';
import { showToast } from '../../lib/toasts-slice';

/** Server-side notifications for the logged-in user (sent to their user room) become toasts. */
export function useRealtimeNotifications(enabled: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return undefined;
    return onServerEvent('user:notification', ({ type, message }) => {
      dispatch(showToast({ type, message }));
    });
  }, [dispatch, enabled]);
}
