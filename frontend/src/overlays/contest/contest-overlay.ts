import { CONTESTS_ROOM } from '@kickback/contracts/realtime';
import type { ContestView, OverlayData } from '@kickback/contracts';
import { withPools } from '@kickback/contracts/contest-pools';
import { el, showPanel, tickClock } from '../overlay-dom';
import { refetchOverlayData } from '../overlay-socket';
import type { OverlayContext } from '../overlay-context';
import { contestClock, contestPanel } from './contest-panel';

/**
 * The contest on stream: pools, members and payout ratios follow the 'contest:pools' pushes (each a high mark, so they
 * only grow), and opening, closing and settling ('contest:status') replace it whole, a newly opened contest included.
 */
export function mountContestOverlay({ stage, live, token }: OverlayContext, initial: Extract<OverlayData, { kind: 'contest' }>): void {
  let contest: ContestView | null = initial.contest;
  const panel = el('section', { className: 'ov-panel ov-contest', testId: 'contest-overlay' });
  const clock = el('strong', { className: 'ov-badge ov-contest__clock', testId: 'contest-clock' });
  stage.append(panel);
  live.join(CONTESTS_ROOM);

  live.on('contest:pools', (push) => {
    if (contest?.id !== push.contest_id) return;
    contest = withPools(contest, push);
    render();
  });
  live.on('contest:status', ({ contest: next }) => {
    // A push about an older contest never replaces the one shown.
    if (contest && next.id < contest.id) return;
    contest = next;
    render();
  });
  // Pushes missed while disconnected: the page's data again.
  live.onReconnect(async () => {
    const next = await refetchOverlayData<Extract<OverlayData, { kind: 'contest' }>>('contest', token);
    if (!next) return;
    contest = next.contest;
    render();
  });
  tickClock(clock, (now) => contest && contestClock(contest, now));

  function render(): void {
    showPanel(panel, contest && contestPanel(contest, clock));
  }
  render();
}
