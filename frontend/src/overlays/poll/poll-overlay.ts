import { POLLS_ROOM } from '@kickback/contracts/realtime';
import { pollTakesVotes, withVotes, type PollView } from '@kickback/contracts/poll-results';
import type { OverlayData } from '@kickback/contracts';
import { el, fill, tickClock } from '../overlay-dom';
import { refetchOverlayData } from '../overlay-socket';
import type { OverlayContext } from '../overlay-context';

/** `m:ss` left until `ms`, or null once it has passed. */
function left(ms: number, now: number): string | null {
  const seconds = Math.ceil((ms - now) / 1000);
  if (seconds <= 0) return null;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** 'Vote now · 1:05' while open (with a timer), 'Voting closed' after. */
function pollClock(poll: PollView, now: number): string {
  if (!pollTakesVotes(poll, now)) return 'Voting closed';
  const remaining = poll.closes_at ? left(new Date(poll.closes_at).getTime(), now) : null;
  return remaining ? `Vote now · ${remaining}` : 'Vote now';
}

/** The option's share as a bar behind its row, sized through the CSSOM (the overlay's CSP refuses style attributes). */
function bar(percent: number): HTMLElement {
  const node = el('span', { className: 'ov-poll__bar' });
  node.style.width = `${percent}%`;
  return node;
}

/**
 * The poll on stream: its question, each option's votes and whole percent as a bar, and the time left to vote. Follows
 * room 'polls': counts from each coalesced 'poll:counts' push (the newest read wins), the whole poll from 'poll:status'
 * (a new poll replaces it; a cancelled one hides the panel).
 */
export function mountPollOverlay({ stage, live, token }: OverlayContext, initial: Extract<OverlayData, { kind: 'poll' }>): void {
  let poll: PollView | null = initial.poll;
  const panel = el('section', { className: 'ov-panel ov-poll', testId: 'poll-overlay' });
  const clock = el('strong', { className: 'ov-poll__clock', testId: 'poll-clock' });
  stage.append(panel);
  live.join(POLLS_ROOM);

  live.on('poll:counts', (push) => {
    if (!poll) return;
    poll = withVotes(poll, push);
    render();
  });
  live.on('poll:status', (push) => {
    poll = push.poll;
    render();
  });
  live.onReconnect(() => {
    void refetchOverlayData<Extract<OverlayData, { kind: 'poll' }>>('poll', token).then((next) => {
      if (!next) return;
      poll = next.poll;
      render();
    });
  });
  tickClock(clock, (now) => poll && pollClock(poll, now));

  function render(): void {
    panel.hidden = !poll || poll.status === 'cancelled';
    if (!poll || panel.hidden) return;
    clock.textContent = pollClock(poll, Date.now());
    fill(panel, [
      el('header', { className: 'ov-title' }, [el('span', { text: poll.question, testId: 'poll-question' }), clock]),
      el(
        'ol',
        { className: 'ov-poll__options' },
        poll.options.map((o) =>
          el('li', { className: 'ov-poll__option', testId: `poll-overlay-option-${o.index}` }, [
            bar(o.percent),
            el('span', { className: 'ov-poll__label', text: o.label }),
            el('span', { className: 'ov-poll__votes', text: `${o.votes} ${o.votes === 1 ? 'vote' : 'votes'}` }),
            el('span', { className: 'ov-poll__percent', text: `${o.percent}%` }),
          ]),
        ),
      ),
      el('p', { className: 'ov-poll__total', text: `${poll.total} ${poll.total === 1 ? 'vote' : 'votes'}` }),
    ]);
  }
  render();
}
