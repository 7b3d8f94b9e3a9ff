import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditLogService, RealtimeEmitter } from '@kickback/platform';
import { announceOnStream, putOnStream } from '../featured/put-on-stream';
import { FeaturedRaffleRepository } from './featured-raffle.repository';

/**
 * The raffle "on stream": the raffle overlay, Go live's draw and the chat's !raffle all act on this one, so two open
 * raffles never get mixed up. The admin chooses it (Go live); without a choice it is the newest raffle taking entries. A
 * raffle drawn on stream stays there with its winners until a raffle starts after its draw or another is chosen.
 */
@Injectable()
export class FeaturedRaffleService {
  constructor(
    private readonly em: EntityManager,
    private readonly featured: FeaturedRaffleRepository,
    private readonly audit: AuditLogService,
    private readonly realtime: RealtimeEmitter,
  ) {}

  raffleId(): Promise<number | null> {
    return this.featured.resolve(this.em.fork());
  }

  /** The raffle on stream and taking entries at a past moment (a chat command's); see FeaturedRaffleRepository.resolveAt. */
  raffleIdAt(at: Date): Promise<{ id: number | null; known: boolean }> {
    return this.featured.resolveAt(this.em.fork(), at);
  }

  /** Tells the raffle overlays which raffle is on stream now: after any raffle was created, started, drawn, cancelled or archived. */
  async announce(): Promise<void> {
    announceOnStream(this.realtime, 'raffle', await this.raffleId());
  }

  /** Puts the raffle on stream (audited) and tells the raffle overlays to load it. */
  async choose(actorId: number, raffleId: number): Promise<number> {
    await putOnStream(this.em, this.audit, this.realtime, {
      actorId,
      kind: 'raffle',
      entity: 'raffle',
      id: raffleId,
      featurable: (tx) => this.featured.featurable(tx, raffleId),
      refusal: 'Only a raffle that is neither drawn nor cancelled can go on stream.',
    });
    return raffleId;
  }
}
