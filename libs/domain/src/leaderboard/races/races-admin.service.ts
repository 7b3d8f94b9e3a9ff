import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RACE_MESSAGES, raceWindowIssue, type AdminRace, type RaceInput, type RaceUpdate } from '@kickback/contracts';
import { AuditLogService, OutboxService, conflict, notFound, unprocessable } from '@kickback/platform';
import { findPlatform } from '../leaderboard-platforms.repository';
import { raceRanking } from './race-ranking';
import { RacePushService } from './race-push.service';
import { deleteRace, findRace, insertRace, listRaces, moveRace, updateRace, type RaceColumns, type RaceRecord } from './races.repository';
import { featuredRaceId } from './featured-race.repository';
import { FeaturedRaceService } from './featured-race.service';

const toColumns = (r: RaceRecord): RaceColumns => ({
  platformId: r.platformId,
  title: r.title,
  start: r.start,
  end: r.end,
  prizes: r.prizes,
  minWager: Number(r.minWager),
  rules: r.rules,
  isVisible: r.isVisible,
});

/**
 * Admin management of races, each change audited and followed by 'race.changed' (the worker reschedules the race's
 * jobs) and a 'race:updated' push. Before the start everything can change; once live, only the end (not into the
 * past), the title, the ladder, the minimum, the rules and the visibility; a finished or cancelled race is closed.
 */
@Injectable()
export class RacesAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly push: RacePushService,
    private readonly featured: FeaturedRaceService,
  ) {}

  async list(): Promise<AdminRace[]> {
    const em = this.em.fork();
    const onStream = await featuredRaceId(em);
    return Promise.all((await listRaces(em)).map((r) => this.toAdmin(em, r, onStream)));
  }

  async get(id: number): Promise<AdminRace> {
    const em = this.em.fork();
    return this.toAdmin(em, await this.require(em, id), await featuredRaceId(em));
  }

  async create(actorId: number, input: RaceInput): Promise<AdminRace> {
    const id = await this.write(actorId, 'race.create', async (tx) => {
      if (!(await findPlatform(tx, input.platform_id)))
        throw unprocessable(RACE_MESSAGES.platformMissing, { platform_id: [RACE_MESSAGES.platformMissing] });
      const id = await insertRace(tx, {
        platformId: input.platform_id,
        title: input.title,
        start: new Date(input.starts_at),
        end: new Date(input.ends_at),
        prizes: input.prizes,
        minWager: input.min_wager,
        rules: input.rules,
        isVisible: input.is_visible,
      });
      return { id, before: null, after: await findRace(tx, id) };
    });
    return this.get(id);
  }

  async update(actorId: number, id: number, changes: RaceUpdate): Promise<AdminRace> {
    await this.write(actorId, 'race.update', async (tx) => {
      const before = await this.require(tx, id, true);
      if (before.status === 'finished' || before.status === 'cancelled') throw conflict(RACE_MESSAGES.closed);
      const started = before.status === 'live' || before.start <= new Date();
      const movesPlatform = changes.platform_id !== undefined && changes.platform_id !== before.platformId;
      const movesStart = changes.starts_at !== undefined && Date.parse(changes.starts_at) !== before.start.getTime();
      // The edit form sends every field: only a real change of the platform or the start is refused once started.
      if (started && (movesPlatform || movesStart)) throw conflict(RACE_MESSAGES.timesLocked);
      if (changes.platform_id !== undefined && !(await findPlatform(tx, changes.platform_id)))
        throw unprocessable(RACE_MESSAGES.platformMissing, { platform_id: [RACE_MESSAGES.platformMissing] });
      const start = changes.starts_at ?? before.start.toISOString();
      const end = changes.ends_at ?? before.end.toISOString();
      const issue = raceWindowIssue(start, end);
      if (issue) throw unprocessable(issue.message, { [issue.field]: [issue.message] });
      if (started && Date.parse(end) !== before.end.getTime() && Date.parse(end) <= Date.now())
        throw unprocessable(RACE_MESSAGES.endPassed, { ends_at: [RACE_MESSAGES.endPassed] });
      const merged = toColumns(before);
      await updateRace(tx, id, {
        platformId: changes.platform_id ?? merged.platformId,
        title: changes.title ?? merged.title,
        start: new Date(start),
        end: new Date(end),
        prizes: changes.prizes ?? merged.prizes,
        minWager: changes.min_wager ?? merged.minWager,
        rules: changes.rules ?? merged.rules,
        isVisible: changes.is_visible ?? merged.isVisible,
      });
      return { id, before, after: await findRace(tx, id) };
    });
    return this.get(id);
  }

  /** Stops a race that has not finished: no winners are recorded, and it leaves the site's list. */
  async cancel(actorId: number, id: number): Promise<AdminRace> {
    await this.write(actorId, 'race.cancel', async (tx) => {
      const before = await this.require(tx, id, true);
      if (!(await moveRace(tx, id, ['upcoming', 'live'], 'cancelled'))) throw conflict(RACE_MESSAGES.closed);
      return { id, before, after: await findRace(tx, id) };
    });
    return this.get(id);
  }

  /** Deletes a race that is not live (its recorded winners stay in the winners ledger). */
  async remove(actorId: number, id: number): Promise<string> {
    await this.write(actorId, 'race.delete', async (tx) => {
      const before = await this.require(tx, id, true);
      if (before.status === 'live') throw conflict(RACE_MESSAGES.deleteLive);
      await deleteRace(tx, id);
      return { id, before, after: null };
    });
    return RACE_MESSAGES.deleted;
  }

  async require(em: EntityManager, id: number, lock = false): Promise<RaceRecord> {
    const race = await findRace(em, id, lock);
    if (!race) throw notFound(RACE_MESSAGES.notFound);
    return race;
  }

  private async write(
    actorId: number,
    action: string,
    work: (tx: EntityManager) => Promise<{ id: number; before: unknown; after: unknown }>,
  ): Promise<number> {
    const id = await this.audit.audited({ actorId, action, entity: 'race' }, async (tx) => {
      const r = await work(tx);
      await this.outbox.add(tx, 'race.changed', { raceId: r.id, at: new Date().toISOString() });
      return { entityId: r.id, before: r.before, after: r.after, answer: r.id };
    });
    await this.push.updated(id);
    await this.featured.announce();
    return id;
  }

  private async toAdmin(em: EntityManager, r: RaceRecord, onStream: number | null): Promise<AdminRace> {
    const platform = await findPlatform(em, r.platformId);
    return {
      id: r.id,
      platform_id: r.platformId,
      platform_name: platform?.name ?? '',
      title: r.title,
      starts_at: r.start.toISOString(),
      ends_at: r.end.toISOString(),
      prizes: r.prizes,
      min_wager: Number(r.minWager),
      rules: r.rules,
      is_visible: r.isVisible,
      status: r.status,
      ranking: platform ? raceRanking(platform.sourceType, platform.sourceConfig, r) : 'window',
      entry_count: r.entryCount,
      last_updated: r.lastFetchedAt?.toISOString() ?? null,
      last_error: r.lastError,
      on_stream: onStream === r.id,
    };
  }
}
