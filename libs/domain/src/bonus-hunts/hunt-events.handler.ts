import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LIVE_ROOM, HUNTS_ROOM, huntRoom, userRoom, type DomainEvent, type HuntUpdatedPush } from '@kickback/contracts';
import { DomainEventHandlers, PushCoalescer, RealtimeEmitter, VersionedAnswerCache } from '@kickback/platform';
import { HuntScoringService } from './hunt-scoring.service';
import { BonusHuntsService, CURRENT_HUNT_ANSWER } from './bonus-hunts.service';

/**
 * Turns hunt events into pushes (read fresh after commit, so a late or repeated push never
 * shows older data than the database) and scores a completed hunt exactly once per event. The
 * shared current-hunt answer is invalidated before each push, so a page that reloads on a push
 * reads what the push announced.
 */
@Injectable()
export class HuntEventsHandler implements OnModuleInit {
  private readonly logger = new Logger(HuntEventsHandler.name);

  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly hunts: BonusHuntsService,
    private readonly scoring: HuntScoringService,
    private readonly pushes: PushCoalescer,
    private readonly answers: VersionedAnswerCache,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'hunts.push-game',
      type: 'hunt.game-updated',
      afterCommit: async (event: DomainEvent<'hunt.game-updated'>) => {
        await this.answers.invalidate(CURRENT_HUNT_ANSWER);
        const push = await this.hunts.gamePush(event.payload.huntId, event.payload.gameId);
        if (push) this.realtime.toRoom(huntRoom(push.hunt_id), 'hunt:game', push);
      },
    });
    this.handlers.register({
      consumer: 'hunts.push-updated',
      type: 'hunt.updated',
      afterCommit: async (event: DomainEvent<'hunt.updated'>) =>
        this.pushUpdated(event.payload.huntId, event.payload.change, event.payload.at),
    });
    this.handlers.register({
      consumer: 'hunts.push-predicted',
      type: 'hunt.predicted',
      afterCommit: async (event: DomainEvent<'hunt.predicted'>) =>
        // Everyone predicts when predictions open: a burst becomes a few pushes per room.
        this.pushes.request(`${huntRoom(event.payload.huntId)}:predictions`, () =>
          this.pushUpdated(event.payload.huntId, 'prediction', new Date().toISOString()),
        ),
    });
    this.handlers.register({
      consumer: 'hunts.score',
      type: 'hunt.completed',
      handle: async (event: DomainEvent<'hunt.completed'>, tx) => {
        const result = await this.scoring.score(tx, event.payload.huntId);
        this.logger.log({ huntId: event.payload.huntId, ...result }, 'hunt scored');
      },
      afterCommit: async (event: DomainEvent<'hunt.completed'>) => {
        await this.pushUpdated(event.payload.huntId, 'scored', event.payload.at);
        await this.notifyWinners(event.payload.huntId);
      },
    });
  }

  private async pushUpdated(huntId: number, change: HuntUpdatedPush['change'], at: string): Promise<void> {
    // Predictions reach the shared answer here, at most as often as they are pushed, not once per submit.
    await this.answers.invalidate(CURRENT_HUNT_ANSWER);
    const state = await this.hunts.huntState(huntId);
    if (!state) return;
    const payload: HuntUpdatedPush = {
      hunt_id: huntId,
      status: state.status,
      predictions_active: state.predictions_active,
      predictions_count: state.predictions_count,
      change,
      at,
    };
    if (change === 'prediction') payload.top_predictions = await this.hunts.topPredictions(huntId);
    this.realtime.toRoom(huntRoom(huntId), 'hunt:updated', payload);
    if (change === 'created' || change === 'scored' || change === 'status') this.realtime.toRoom(HUNTS_ROOM, 'hunt:updated', payload);
    // Not per prediction window: a burst of predictions would have every admin list read its page several times a second.
    if (change !== 'prediction') this.realtime.toRoom(LIVE_ROOM, 'admin:changed', { section: 'bonus-hunts', id: huntId });
  }

  private async notifyWinners(huntId: number): Promise<void> {
    const state = await this.hunts.huntState(huntId);
    if (!state) return;
    for (const winner of await this.hunts.prizeWinners(huntId)) {
      this.realtime.toRoom(userRoom(winner.userId), 'user:notification', {
        type: 'success',
        message: `You placed #${winner.rank} in ${state.name} and won ${winner.points.toLocaleString('en-US')} points!`,
      });
    }
  }
}
