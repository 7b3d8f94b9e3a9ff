import type { PollView, ServerToClientEvents } from '@kickback/contracts';
import type { OverlayContext } from '../overlay-context';
import type { OverlayLive } from '../overlay-socket';
import { mountPollOverlay } from './poll-overlay';
import { pollFixture } from '../../test/poll-fixtures';

const poll = pollFixture(2, 'Bonus over 100x?', 'kick', [
  ['Yes', 0],
  ['No', 0],
]);

/** A live connection the test drives: pushes go straight to the overlay's handlers. */
function fakeLive() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const rooms: string[] = [];
  const live: OverlayLive = {
    join: (room) => rooms.push(room),
    leave: () => undefined,
    on: (event, handler) => handlers.set(event, handler as (payload: unknown) => void),
    onReconnect: () => undefined,
  };
  const push = <E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) =>
    handlers.get(event)!(payload);
  return { live, rooms, push };
}

describe('poll overlay', () => {
  it('joins room polls, shows counts and percents from pushes, and hides a cancelled poll', () => {
    const stage = document.createElement('div');
    const { live, rooms, push } = fakeLive();
    const context = { stage, live, token: 't', look: {} } as unknown as OverlayContext;
    mountPollOverlay(context, { kind: 'poll', poll });
    expect(rooms).toEqual(['polls']);
    const option = (i: number) => stage.querySelector(`[data-testid="poll-overlay-option-${i}"]`)!.textContent;
    expect(stage.querySelector('[data-testid="poll-question"]')!.textContent).toBe('Bonus over 100x?');
    expect(option(0)).toBe('Yes0 votes0%');

    push('poll:counts', { poll_id: 2, votes: [2, 1], counted_at: '2026-11-29T09:00:05.000Z' });
    expect(option(0)).toBe('Yes2 votes67%');
    expect(option(1)).toBe('No1 vote33%');
    expect(stage.querySelector<HTMLElement>('.ov-poll__bar')!.style.width).toBe('67%');
    expect(stage.querySelector('[data-testid="poll-clock"]')!.textContent).toBe('Vote now');

    push('poll:status', { poll: { ...withCounts(2, 1), status: 'closed', counted_at: '2026-11-29T09:00:06.000Z' } });
    expect(stage.querySelector('[data-testid="poll-clock"]')!.textContent).toBe('Voting closed');
    push('poll:status', { poll: { ...poll, status: 'cancelled' } });
    expect(stage.querySelector<HTMLElement>('[data-testid="poll-overlay"]')!.hidden).toBe(true);
  });
});

function withCounts(yes: number, no: number): PollView {
  return pollFixture(poll.id, poll.question, poll.audience, [
    ['Yes', yes],
    ['No', no],
  ]);
}
