import { z } from 'zod';
import { POLL_AUDIENCES, type PollView } from '../poll-results';

export * from '../poll-results';

/**
 * Stream polls (docs/polls.md): the streamer asks, members vote for free, one vote each, changeable until the poll
 * closes. Results are counts and whole percents.
 */
export const POLL_MAX_OPTIONS = 10;

export const POLL_TEXTS = {
  notOpen: 'This poll is not taking votes.',
  notFound: 'Poll not found.',
  anotherOpen: 'Another poll is open: close or cancel it first.',
  unknownOption: 'No such option.',
  membersOnly: 'This poll is for members only: log in on the site with Kick to vote.',
  notTakingPart: 'Polls are not available to your account.',
  alreadyEnded: 'This poll was already closed or cancelled.',
  sentOutside: 'That vote was sent while the poll was not open.',
} as const;

const option = z.string().trim().min(1, 'Name the option.').max(80, 'At most 80 characters.');

/** POST /api/admin/polls */
export const pollOpenSchema = z
  .object({
    question: z.string().trim().min(1, 'Ask a question.').max(200, 'At most 200 characters.'),
    options: z.array(option).min(2, 'At least two options.').max(POLL_MAX_OPTIONS, `At most ${POLL_MAX_OPTIONS} options.`),
    audience: z.enum(POLL_AUDIENCES, { message: 'Choose who may vote.' }),
    /** Voting stops by itself this long after opening; null: the streamer closes it by hand. */
    window_seconds: z.number().int('Whole seconds only.').min(10, 'At least 10 seconds.').max(86_400, 'At most a day.').nullable(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set(v.options.map((o) => o.toLowerCase()));
    if (seen.size !== v.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must differ.' });
  });
export type PollOpen = z.infer<typeof pollOpenSchema>;

/** POST /api/r/polls/{id}/vote: the member's vote, replacing their earlier one in this poll. */
export const pollVoteSchema = z
  .object({
    option: z
      .number()
      .int()
      .min(0)
      .max(POLL_MAX_OPTIONS - 1),
  })
  .strict();
export type PollVote = z.infer<typeof pollVoteSchema>;

/** GET /api/r/polls/current: the poll on stream and the member's own vote (null: none, or a visitor). */
export interface PollPage {
  poll: PollView | null;
  mine: number | null;
}

/** A vote's answer: the option now counted for the voter, and whether it replaced another. */
export interface PollVoteResult {
  poll_id: number;
  option: number;
  changed: boolean;
}
