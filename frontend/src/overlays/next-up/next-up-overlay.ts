import { SLOT_REQUESTS_ROOM } from '@kickback/contracts/realtime';
import type { OverlayData } from '@kickback/contracts';
import { el, fill } from '../overlay-dom';
import { refetchOverlayData } from '../overlay-socket';
import type { OverlayContext } from '../overlay-context';
import { nextUpPanel } from './next-up-panel';

type NextUpData = Extract<OverlayData, { kind: 'next-up' }>;

/**
 * The slot-request queue's next three. Follows the queue's room: each 'slot-requests:changed' push carries the head and
 * the size, so the overlay shows it without a read; after a reconnect it reads the head again.
 */
export function mountNextUpOverlay({ stage, live, token }: OverlayContext, initial: NextUpData): void {
  const panel = el('section', { className: 'ov-panel ov-next-up', testId: 'next-up-overlay' });
  stage.append(panel);
  // Pushes go out at least a window apart, but a reconnect's read can answer after a later push: the newest wins.
  let shownAt = '';
  const show = (data: { next: NextUpData['next']; total: number }, at: string) => {
    if (at < shownAt) return;
    shownAt = at;
    fill(panel, nextUpPanel(data.next, data.total));
  };
  live.join(SLOT_REQUESTS_ROOM);
  live.on('slot-requests:changed', (push) => show(push, push.at));
  live.onReconnect(() => {
    const asked = new Date().toISOString();
    void refetchOverlayData<NextUpData>('next-up', token).then((data) => data && show(data, asked));
  });
  show(initial, '');
}
