import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  RACE_MESSAGES,
  countryAllows,
  type RaceDetail,
  type RaceList,
  type RaceStanding,
  type RaceStatus,
  type RaceSummary,
} from '@kickback/contracts';
import { notFound } from '@kickback/platform';
import type { OfferViewer } from '../../site/affiliates.service';
import { findPlatform, listPlatforms, type PlatformRecord } from '../leaderboard-platforms.repository';
import { linkedAvatars } from '../leaderboard-standings.repository';
import { maskUsername } from '../username-mask';
import { raceRanking } from './race-ranking';
import {
  findRace,
  linkedCasinoNames,
  listVisibleRaces,
  loadRaceStandings,
  placeOf,
  snapshotInfo,
  type RaceRecord,
} from './races.repository';

/** Finished races the list keeps (newest first); older ones stay reachable by their page. */
const FINISHED_SHOWN = 30;

/**
 * Whether a race of `platform` may reach a viewer (docs/responsible-gambling.md): races are casino offers, so a viewer
 * without offers (no "Yes" to the age question, a break) gets none, and a board's country rule holds for its races.
 * No viewer: the streamer's own tools (overlays, announcements), which are not filtered per viewer.
 */
const raceShownTo = (platform: PlatformRecord, viewer: OfferViewer | null): boolean =>
  viewer === null || (viewer.offers && countryAllows(platform.countries, viewer.country));

/**
 * A race's status as the site shows it: a race past its start is live even before the start job ran (the worker
 * catches up within a minute); finished and cancelled are set by the worker and the admin.
 */
function shownStatus(race: RaceRecord, now: Date): RaceStatus {
  return race.status === 'upcoming' && now >= race.start ? 'live' : race.status;
}

/** The public races: the list by status, and a race's page with its standings under the leaderboard's masking rules. */
@Injectable()
export class RacesReadService {
  constructor(private readonly em: EntityManager) {}

  async list(viewer: OfferViewer | null = null, now = new Date()): Promise<RaceList> {
    const out: RaceList = { upcoming: [], live: [], finished: [] };
    if (viewer && !viewer.offers) return out;
    const em = this.em.fork();
    const platforms = new Map((await listPlatforms(em, false)).map((p) => [p.id, p]));
    for (const race of await listVisibleRaces(em, FINISHED_SHOWN)) {
      const platform = platforms.get(race.platformId);
      if (!platform || !raceShownTo(platform, viewer)) continue;
      const summary = toSummary(race, platform, now);
      if (summary.status !== 'cancelled') out[summary.status].push(summary);
    }
    return out;
  }

  /**
   * A visible race's page; `userId` adds the member's own place when one of their linked casino names is placed. A
   * race that may not reach `viewer` is not found, as a hidden board's periods are.
   */
  async detail(id: number, userId: number | null, viewer: OfferViewer | null = null, now = new Date()): Promise<RaceDetail> {
    if (viewer && !viewer.offers) throw notFound(RACE_MESSAGES.notFound);
    const em = this.em.fork();
    const race = await findRace(em, id);
    const platform = race && race.isVisible && race.status !== 'cancelled' ? await findPlatform(em, race.platformId) : null;
    if (!race || !platform || !raceShownTo(platform, viewer)) throw notFound(RACE_MESSAGES.notFound);
    const shown = (name: string) => (platform.maskUsernames ? maskUsername(name) : name);
    const rows = await loadRaceStandings(em, race.id, platform.displayCount);
    const avatars = await linkedAvatars(
      em,
      rows.map((r) => r.username),
    );
    const standings: RaceStanding[] = rows.map((r, i) => ({
      rank: i + 1,
      displayName: shown(r.username),
      username: shown(r.username),
      avatar: avatars.get(r.username.toLowerCase()) ?? null,
      wagered: Number(r.wagered),
      prize: race.prizes[i] ?? null,
    }));
    const own = userId === null ? null : await placeOf(em, race.id, await linkedCasinoNames(em, userId));
    const ranking = raceRanking(platform.sourceType, platform.sourceConfig, race);
    return {
      race: { ...toSummary(race, platform, now), rules: race.rules, ranking, notes: await this.notes(em, race, ranking, now) },
      standings,
      me: own && { rank: own.rank, wagered: Number(own.wagered), username: own.username },
    };
  }

  private async notes(em: EntityManager, race: RaceRecord, ranking: 'window' | 'snapshot', now: Date): Promise<string[]> {
    const notes: string[] = [ranking === 'window' ? RACE_MESSAGES.rankedByWindow : RACE_MESSAGES.rankedBySnapshot];
    if (ranking === 'snapshot') {
      const snapshot = await snapshotInfo(em, race.id);
      if (snapshot?.late) notes.push(RACE_MESSAGES.lateSnapshot(snapshot.takenAt.toISOString()));
      else if (!snapshot && now >= race.start) notes.push(RACE_MESSAGES.awaitingSnapshot);
    }
    if (Number(race.minWager) > 0) notes.push(RACE_MESSAGES.minWager(race.minWager));
    return notes;
  }
}

function toSummary(race: RaceRecord, platform: PlatformRecord, now: Date): RaceSummary {
  return {
    id: race.id,
    title: race.title,
    platform: { name: platform.name, slug: platform.slug },
    currency_symbol: platform.currencySymbol,
    status: shownStatus(race, now),
    starts_at: race.start.toISOString(),
    ends_at: race.end.toISOString(),
    startTimestamp: race.start.getTime(),
    endTimestamp: race.end.getTime(),
    prizes: race.prizes,
    min_wager: Number(race.minWager),
    entry_count: race.entryCount,
    last_updated: race.lastFetchedAt?.toISOString() ?? null,
  };
}
