import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { WINNERS_ROOM, WINNER_SOURCES, type DomainEvent, type WinnerSource, type WinnersNewPush } from '@kickback/contracts';
import { DomainEventHandlers, PushCoalescer, RealtimeEmitter } from '@kickback/platform';
import { WinnersRepository } from './winners.repository';

/** One coalescing window for the whole room: a draw of many winners becomes a few pushes. */
const PUSH_KEY = `${WINNERS_ROOM}:rows`;

/** Pending items: `+{id}` a new row, `-{source}:{id}` a removed one (its source, since the row is gone). */
const added = (id: number) => `+${id}`;
const removed = (source: WinnerSource, id: number) => `-${source}:${id}`;

/**
 * Tells open Recent Winners pages (room 'winners') which rows came and went, whichever feature paid the prize.
 * The rows are read after commit when the window closes, so a row replaced again since is not sent, only removed.
 */
@Injectable()
export class WinnersPushHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly pushes: PushCoalescer,
    private readonly repository: WinnersRepository,
    private readonly em: EntityManager,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'winners.push',
      type: 'winner.recorded',
      afterCommit: async (event: DomainEvent<'winner.recorded'>) => {
        const { source, winnerId, replacesId } = event.payload;
        const items = [added(winnerId), ...(replacesId !== undefined ? [removed(source, replacesId)] : [])];
        await this.pushes.request(PUSH_KEY, (pending) => this.push(pending), items);
      },
    });
  }

  private async push(items: string[]): Promise<void> {
    const ids = new Set<number>();
    const gone = new Map<number, WinnerSource>();
    for (const item of items) {
      if (item.startsWith('+')) ids.add(Number(item.slice(1)));
      else {
        const [source, id] = item.slice(1).split(':');
        if (WINNER_SOURCES.includes(source as WinnerSource)) gone.set(Number(id), source as WinnerSource);
      }
    }
    const payload: WinnersNewPush = {
      winners: await this.repository.byIds(
        this.em.fork(),
        [...ids].filter((id) => !gone.has(id)),
      ),
      removed: [...gone].map(([id, source]) => ({ id, source })),
      at: new Date().toISOString(),
    };
    if (payload.winners.length || payload.removed.length) this.realtime.toRoom(WINNERS_ROOM, 'winners:new', payload);
  }
}
