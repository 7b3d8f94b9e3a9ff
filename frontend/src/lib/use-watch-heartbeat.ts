import { useEffect } from 'react';
import type { WatchHeartbeatAnswer } from '@kickback/contracts';
import { withSocket } from './socket';

/** When the server does not answer (disconnected), try again after this long. */
const RETRY_MS = 30_000;

/**
 * While `active` (a member, the Kick player shown, the stream live), tells the server over the page's socket whether
 * the page is visible: right away, on every visibility change, and as often as the server's answer asks. Watch points
 * are earned from these beats; the server counts one connection per member.
 */
export function useWatchHeartbeat(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    return withSocket((socket) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stopped = false;
      const beat = async () => {
        clearTimeout(timer);
        let answer: WatchHeartbeatAnswer | null = null;
        try {
          answer = await socket
            .timeout(10_000)
            .emitWithAck('activity:heartbeat', { visible: document.visibilityState === 'visible', player: true });
        } catch {
          answer = null;
        }
        if (stopped || answer?.next_beat_seconds === null) return;
        timer = setTimeout(() => void beat(), answer ? answer.next_beat_seconds * 1000 : RETRY_MS);
      };
      const onVisibility = () => void beat();
      document.addEventListener('visibilitychange', onVisibility);
      void beat();
      return () => {
        stopped = true;
        clearTimeout(timer);
        document.removeEventListener('visibilitychange', onVisibility);
        // Tell the server this page stopped watching so another tab can count at once.
        if (socket.connected) socket.emit('activity:heartbeat', { visible: false, player: false }, () => undefined);
      };
    });
  }, [active]);
}
