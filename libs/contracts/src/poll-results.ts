// No zod here: the poll overlay, the polls page and Go live import this, and the overlay's bundle must stay small.

/** Who may vote in a poll (docs/polls.md "Audience"). */
export const POLL_AUDIENCES = ['members', 'kick'] as const;
export type PollAudience = (typeof POLL_AUDIENCES)[number];

export const POLL_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

export interface PollOptionView {
  index: number;
  label: string;
  votes: number;
  /** Whole percent of all votes; the options' percents add up to exactly 100 once anyone voted (pollPercents). */
  percent: number;
}

export interface PollView {
  id: number;
  question: string;
  audience: PollAudience;
  /** 'closed' also when the timer ran out before anything wrote it. */
  status: PollStatus;
  opened_at: string;
  /** When voting stops by itself (null: closed by hand). */
  closes_at: string | null;
  total: number;
  options: PollOptionView[];
  /** When these counts were read (ISO): later pushes with older reads are ignored. */
  counted_at: string;
}

/** What the 'poll:counts' push carries: every option's votes as one read saw them (at most ten options). */
export interface PollCountsPush {
  poll_id: number;
  /** Votes per option, by index. */
  votes: number[];
  /** When the counts were read: a client keeps the newest read, whatever order pushes arrive in. */
  counted_at: string;
}

/**
 * Whole percents that add up to exactly 100 (largest remainder): each option gets floor(100 × votes ÷ total), and the
 * points left over go one each to the options with the largest remainders, a tie to the lower index. So the site, Go
 * live and the overlay show the same numbers and never 99 % or 101 % in total. No votes: every option 0.
 */
export function pollPercents(votes: readonly number[]): number[] {
  const total = votes.reduce((sum, v) => sum + v, 0);
  if (total === 0) return votes.map(() => 0);
  const floors = votes.map((v) => Math.floor((v * 100) / total));
  let left = 100 - floors.reduce((sum, p) => sum + p, 0);
  const byRemainder = votes
    .map((v, index) => ({ index, remainder: (v * 100) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors;
}

/** The view with the counts of a push (ignored when it is another poll's or older than what the view shows). */
export function withVotes(view: PollView, push: PollCountsPush): PollView {
  if (push.poll_id !== view.id || push.counted_at <= view.counted_at) return view;
  const votes = view.options.map((o) => push.votes[o.index] ?? 0);
  const percents = pollPercents(votes);
  return {
    ...view,
    total: votes.reduce((sum, v) => sum + v, 0),
    counted_at: push.counted_at,
    options: view.options.map((o, i) => ({ ...o, votes: votes[i]!, percent: percents[i]! })),
  };
}

/** Whether the view takes votes now: open and its timer (if any) not run out. */
export const pollTakesVotes = (view: PollView, now = Date.now()): boolean =>
  view.status === 'open' && (view.closes_at === null || new Date(view.closes_at).getTime() > now);
