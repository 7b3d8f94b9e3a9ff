import { ALERTS_ROOM } from '@kickback/contracts/realtime';
import type { ServerToClientEvents } from '@kickback/contracts';
import { el } from '../overlay-dom';
import type { OverlayContext } from '../overlay-context';

type Alert = Parameters<ServerToClientEvents['alerts:item']>[0];

const SHOWN = 5;
/** How long an alert stays on screen. */
const VISIBLE_MS = 15_000;

const LABEL: Record<Alert['kind'], string> = { redemption: 'Redeemed', achievement: 'Achievement', 'level-up': 'Level up' };

/** The points/alerts ticker: redemptions, unlocked achievements and level-ups slide in and fade out. Follows 'alerts'. */
export function mountAlertsOverlay({ stage, live }: OverlayContext): void {
  const list = el('ol', { className: 'ov-alerts', testId: 'alerts-overlay', attrs: { 'aria-live': 'polite' } });
  stage.append(list);
  live.join(ALERTS_ROOM);
  live.on('alerts:item', (alert) => {
    const item = el('li', { className: `ov-panel ov-alert ov-alert--${alert.kind}` }, [
      el('span', { className: 'ov-badge', text: LABEL[alert.kind] ?? 'Alert' }),
      el('strong', { className: 'ov-alert__name', text: alert.username }),
      el('span', { className: 'ov-alert__text', text: alert.text }),
    ]);
    list.prepend(item);
    while (list.children.length > SHOWN) list.lastElementChild?.remove();
    setTimeout(() => item.remove(), VISIBLE_MS);
  });
}
