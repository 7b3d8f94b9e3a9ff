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
  const show = (data: { next: NextUpData['next']; total: number }) => fill(panel, nextUpPanel(data.next, data.total));
  // Pushes arrive in the order they were sent (one window after another); a reconnect's read that a push overtook is
  // older than that push, so it is dropped. Counting pushes, not comparing clocks: OBS's clock need not be the server's.
  let pushes = 0;
  live.join(SLOT_REQUESTS_ROOM);
  live.on('slot-requests:changed', (push) => {
    pushes += 1;
    show(push);
  });
  live.onReconnect(() => {
    const seen = pushes;
    void refetchOverlayData<NextUpData>('next-up', token).then((data) => data && pushes === seen && show(data));
  });
  show(initial);
}
