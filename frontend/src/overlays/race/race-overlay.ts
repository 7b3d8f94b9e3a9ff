import { raceRoom } from '@kickback/contracts/realtime';
import type { OverlayData, RaceDetail } from '@kickback/contracts';
import { el, showPanel, tickClock } from '../overlay-dom';
import { refetchOverlayData } from '../overlay-socket';
import type { OverlayContext } from '../overlay-context';
import { raceClock, racePanel } from './race-panel';

/**
 * The race on stream: its top 10 with prizes and the countdown to its start or end. Follows the race's room (a
 * 'race:updated' push reloads it, so the order changes live) and switches race when Go live puts another on stream.
 */
export function mountRaceOverlay({ stage, live, token }: OverlayContext, initial: Extract<OverlayData, { kind: 'race' }>): void {
  let detail: RaceDetail | null = initial.race;
  const panel = el('section', { className: 'ov-panel ov-leaderboard ov-race', testId: 'race-overlay' });
  const clock = el('strong', { className: 'ov-leaderboard__clock', testId: 'race-countdown' });
  stage.append(panel);
  if (detail) live.join(raceRoom(detail.race.id));

  const reload = async () => {
    const next = await refetchOverlayData<Extract<OverlayData, { kind: 'race' }>>('race', token);
    if (!next) return;
    if (detail && next.race?.race.id !== detail.race.id) live.leave(raceRoom(detail.race.id));
    detail = next.race;
    if (detail) live.join(raceRoom(detail.race.id));
    render();
  };
  live.on('race:updated', (push) => {
    if (push.raceId === detail?.race.id) void reload();
  });
  live.on('overlay:featured', (push) => {
    if (push.kind === 'race') void reload();
  });
  live.onReconnect(() => void reload());
  tickClock(clock, (now) => detail && raceClock(detail, now));

  function render(): void {
    showPanel(panel, detail && racePanel(detail, clock));
  }
  render();
}
