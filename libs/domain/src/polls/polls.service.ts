import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { POLL_TEXTS, type DomainEventMap, type PollOpen, type PollPage, type PollView, type PollVoteResult } from '@kickback/contracts';
import { AuditLogService, OutboxService, isUniqueViolation } from '@kickback/platform';
import { MemberBreaksService } from '../safety/member-breaks.service';
import { PollLivePublisher } from './poll-live.publisher';
import { pollView } from './poll-views';
import { PollNotFoundError, PollRefusalError } from './polls.errors';
import { PollsRepository, type PollRow, type VoterKey } from './polls.repository';

/**
 * Who votes: a member (the site, or a chat message from a Kick account linked to a member), or a Kick account with no
 * member behind it (a chat message), which only a poll open to 'everyone with a Kick login' accepts.
 */
export type PollVoter = { memberId: number } | { kickUserId: number };

/**
 * Stream polls (docs/polls.md). Free, one vote per voter, changeable until the poll closes.
 *
 * The interface chat commands call (`!vote <option>`):
 *
 *   polls.vote(voter: PollVoter, poll: number | 'current', option: number, sentAt?: Date): Promise<PollVoteResult>
 *
 * - `voter`: `{ memberId }`, or `{ kickUserId }` for a chat message (resolved to the member linked to that Kick
 *   account when there is one, so a person has one vote whether they vote on the site or in chat).
 * - `poll`: a poll id, or 'current' for the open poll.
 * - `option`: the option's index from 0 (chat's `!vote 1` is option 0).
 * - `sentAt`: the chat message's own time; a message sent before the poll opened or after its timer ran out is refused
 *   however late it arrives, and one that arrives after the poll was closed by hand is refused too.
 * Refusals throw PollRefusalError (409 not open, 403 members only or on a break, 422 no such option) or
 * PollNotFoundError; the message is the reply text. A repeated message is harmless: the vote is set, not added.
 *
 * Members on a break from gambling content see no poll and cannot vote: polls here ask about the stream's bonuses and
 * slots, the content a break hides (docs/responsible-gambling.md), the same rule as contests.
 */
@Injectable()
export class PollsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: PollsRepository,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLogService,
    private readonly breaks: MemberBreaksService,
    private readonly live: PollLivePublisher,
  ) {}

  async open(adminId: number, poll: PollOpen): Promise<PollView> {
    const view = await this.em.fork().transactional(async (tx) => {
      // A poll whose timer ran out is closed, though nothing wrote it yet: it must not hold the one open place.
      const timedOut = await this.repository.closeTimedOut(tx);
      const row = await this.repository.insert(tx, poll, adminId).catch((error: unknown) => {
        throw isUniqueViolation(error) ? new PollRefusalError(POLL_TEXTS.anotherOpen) : error;
      });
      for (const old of timedOut) await this.announce(tx, old, 'closed');
      await this.audit.record(tx, { actorId: adminId, action: 'poll.open', entity: 'poll', entityId: row.id, after: poll });
      await this.announce(tx, row, 'opened');
      // The database's clock, as every later push's: a client compares them.
      return pollView(row, await this.repository.counts(tx, row.id));
    });
    this.live.statusChanged(view);
    return view;
  }

  async view(pollId: number): Promise<PollView> {
    const em = this.em.fork();
    const row = await this.repository.byId(em, pollId);
    if (!row) throw new PollNotFoundError();
    return pollView(row, await this.repository.counts(em, pollId));
  }

  /** The poll on stream (the open one, else the newest), or null; a member on a break sees none. */
  async current(memberId: number | null): Promise<PollView | null> {
    if (memberId !== null && (await this.breaks.isOnBreak(memberId))) return null;
    const em = this.em.fork();
    const row = await this.repository.current(em);
    return row ? pollView(row, await this.repository.counts(em, row.id)) : null;
  }

  /** The site's poll view: the poll on stream and the member's own vote. */
  async forMember(memberId: number | null): Promise<PollPage> {
    const poll = await this.current(memberId);
    if (!poll || memberId === null) return { poll, mine: null };
    return { poll, mine: await this.repository.voteOf(this.em.fork(), poll.id, memberId) };
  }

  async vote(voter: PollVoter, poll: number | 'current', option: number, sentAt?: Date): Promise<PollVoteResult> {
    const key = await this.voterKey(voter);
    const { result, optionCount } = await this.em.fork().transactional(async (tx) => {
      const row = await this.repository.lockTakingVotes(tx, poll === 'current' ? null : poll);
      if (!row) throw await this.whyNotTaking(tx, poll);
      if (sentAt && !sentWhileOpen(row, sentAt)) throw new PollRefusalError(POLL_TEXTS.sentOutside);
      if (option < 0 || option >= row.options.length) throw new PollRefusalError(POLL_TEXTS.unknownOption, 422);
      if ('kickUserId' in key && row.audience !== 'kick') throw new PollRefusalError(POLL_TEXTS.membersOnly, 403);
      const { previous } = await this.repository.upsertVote(tx, row.id, key, option);
      return {
        result: { poll_id: row.id, option, changed: previous !== null && previous !== option },
        optionCount: row.options.length,
      };
    });
    await this.live.voted(result.poll_id, optionCount);
    return result;
  }

  /** Stops voting by hand; a poll already closed answers as it is. */
  async close(adminId: number, pollId: number): Promise<PollView> {
    const closed = await this.em.fork().transactional(async (tx) => {
      await this.repository.waitForVotes(tx, pollId);
      const row = await this.repository.close(tx, pollId);
      if (!row) return false;
      await this.audit.record(tx, { actorId: adminId, action: 'poll.close', entity: 'poll', entityId: pollId });
      await this.announce(tx, row, 'closed');
      return true;
    });
    const view = await this.view(pollId);
    if (closed) this.live.statusChanged(view);
    return view;
  }

  /** Takes the poll off stream: the site, Go live and the overlay show it as cancelled; its votes are kept unshown. */
  async cancel(adminId: number, pollId: number): Promise<PollView> {
    await this.em.fork().transactional(async (tx) => {
      await this.repository.waitForVotes(tx, pollId);
      const row = await this.repository.cancel(tx, pollId);
      if (!row) throw (await this.repository.byId(tx, pollId)) ? new PollRefusalError(POLL_TEXTS.alreadyEnded) : new PollNotFoundError();
      await this.audit.record(tx, { actorId: adminId, action: 'poll.cancel', entity: 'poll', entityId: pollId });
      await this.announce(tx, row, 'cancelled');
    });
    const view = await this.view(pollId);
    this.live.statusChanged(view);
    return view;
  }

  /** The member behind the voter when there is one (refused while on a break), else the Kick account itself. */
  private async voterKey(voter: PollVoter): Promise<VoterKey> {
    const memberId = 'memberId' in voter ? voter.memberId : await this.repository.memberOfKickUser(this.em.fork(), voter.kickUserId);
    if (memberId === null) return { kickUserId: (voter as { kickUserId: number }).kickUserId };
    if (await this.breaks.isOnBreak(memberId)) throw new PollRefusalError(POLL_TEXTS.notTakingPart, 403);
    return { userId: memberId };
  }

  private async whyNotTaking(tx: EntityManager, poll: number | 'current'): Promise<Error> {
    if (poll === 'current') return new PollRefusalError(POLL_TEXTS.notOpen);
    return (await this.repository.byId(tx, poll)) ? new PollRefusalError(POLL_TEXTS.notOpen) : new PollNotFoundError();
  }

  private announce(tx: EntityManager, row: PollRow, change: DomainEventMap['poll.updated']['change']): Promise<void> {
    return this.outbox.add(tx, 'poll.updated', { pollId: row.id, change, at: new Date().toISOString() });
  }
}

/** A chat message counts only if it was sent after the poll opened and before its timer ran out. */
const sentWhileOpen = (poll: PollRow, sentAt: Date): boolean =>
  sentAt.getTime() >= new Date(poll.opened_at).getTime() &&
  (poll.closes_at === null || sentAt.getTime() < new Date(poll.closes_at).getTime());
