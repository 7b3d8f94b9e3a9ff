import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminLiveSection, FeaturedKind } from '@kickback/contracts';
import { LIVE_ROOM, overlayRoom } from '@kickback/contracts/realtime';
import { type AuditLogService, type RealtimeEmitter, unprocessable } from '@kickback/platform';
import { FeaturedItemsRepository } from './featured-items.repository';

// Stateless, so one instance serves every caller of this plain function.
const featuredItems = new FeaturedItemsRepository();

export interface OnStreamChoice {
  actorId: number;
  kind: FeaturedKind;
  /** The item's entity name in the audit log. */
  entity: string;
  id: number;
  /** Whether the item may go on stream, read in the transaction that puts it there. */
  featurable: (tx: EntityManager) => Promise<boolean>;
  /** The 422's words when it may not. */
  refusal: string;
}

/**
 * Puts an item on stream (featured_items, one row per kind) for the raffle, tournament and leaderboard alike: refused
 * unless featurable, the previous choice replaced and audited (`featured.<kind>`) in one transaction, then the kind's
 * overlays told to load it.
 */
export async function putOnStream(
  em: EntityManager,
  audit: AuditLogService,
  realtime: RealtimeEmitter,
  choice: OnStreamChoice,
): Promise<void> {
  const { actorId, kind, entity, id } = choice;
  await em.fork().transactional(async (tx) => {
    if (!(await choice.featurable(tx))) throw unprocessable(choice.refusal, { id: [choice.refusal] });
    const before = await featuredItems.lockChoice(tx, kind);
    await featuredItems.choose(tx, kind, id);
    await audit.record(tx, { actorId, action: `featured.${kind}`, entity, entityId: id, before, after: id });
  });
  announceOnStream(realtime, kind, id);
  // Everyone else running Go live (another admin, a moderator) reads what is on stream again.
  const section = GO_LIVE_SECTION[kind];
  if (section) realtime.toRoom(LIVE_ROOM, 'admin:changed', { section, id });
}

const GO_LIVE_SECTION: Record<FeaturedKind, AdminLiveSection | null> = {
  raffle: 'raffles',
  tournament: 'tournaments',
  leaderboard: null,
  race: null,
};

/**
 * Tells the kind's overlays what is on stream now. Sent after every change that can move it (a choice, a start, a draw,
 * a cancel, an end, an archive), resolved or not: an overlay already showing that item ignores it, so a push too many
 * costs nothing and a push too few would leave the overlay disagreeing with Go live.
 */
export function announceOnStream(realtime: RealtimeEmitter, kind: FeaturedKind, id: number | null): void {
  realtime.toRoom(overlayRoom(kind), 'overlay:featured', { kind, id });
}
