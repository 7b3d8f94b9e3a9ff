import { pollPercents, type PollView } from '@kickback/contracts';
import { isoOrNull } from '@kickback/platform';
import type { PollCounts, PollRow } from './polls.repository';

/** Votes per option index, zero for options nobody chose. */
export const votesByOption = (optionCount: number, counts: PollCounts): number[] => {
  const votes = Array.from({ length: optionCount }, () => 0);
  for (const c of counts.votes) if (c.option < optionCount) votes[c.option] = Number(c.votes);
  return votes;
};

/** A poll as the site, Go live and the overlay show it: each option's votes and whole percent. */
export function pollView(row: PollRow, counts: PollCounts): PollView {
  const votes = votesByOption(row.options.length, counts);
  const percents = pollPercents(votes);
  // A timer that ran out closed the poll even before anything wrote 'closed'.
  const timedOut = row.status === 'open' && row.closes_at !== null && new Date(row.closes_at).getTime() <= Date.now();
  return {
    id: row.id,
    question: row.question,
    audience: row.audience,
    status: timedOut ? 'closed' : row.status,
    opened_at: new Date(row.opened_at).toISOString(),
    closes_at: isoOrNull(row.closes_at),
    total: votes.reduce((sum, v) => sum + v, 0),
    options: row.options.map((label, index) => ({ index, label, votes: votes[index]!, percent: percents[index]! })),
    counted_at: new Date(counts.counted_at).toISOString(),
  };
}
