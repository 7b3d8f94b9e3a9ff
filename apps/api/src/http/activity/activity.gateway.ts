import { Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { watchHeartbeatSchema, type WatchHeartbeatAnswer } from '@kickback/contracts';
import { LiveStateService, WatchService } from '@kickback/domain';

const STOP: WatchHeartbeatAnswer = { counted: false, awarded: 0, next_beat_seconds: null };

/** The member the realtime gateway's handshake admitted (role and ban read from the database), if any. */
const memberOf = (socket: Socket): number | null => (socket.data as { member?: { userId: number } }).member?.userId ?? null;

/**
 * 'activity:heartbeat' over the page's socket: a logged-in member's page with the Kick player says whether it is
 * visible; the acknowledgement says whether this connection counts and when to beat again. A logout or a ban ends
 * member sockets (the realtime gateway), so the member admitted at connect is the one beating.
 */
@WebSocketGateway({ path: '/socket.io', transports: ['websocket', 'polling'] })
export class ActivityGateway implements OnGatewayDisconnect {
  private readonly logger = new Logger(ActivityGateway.name);

  constructor(
    private readonly watch: WatchService,
    private readonly liveState: LiveStateService,
  ) {}

  @SubscribeMessage('activity:heartbeat')
  async heartbeat(@ConnectedSocket() socket: Socket, @MessageBody() message: unknown): Promise<WatchHeartbeatAnswer> {
    const userId = memberOf(socket);
    const beat = watchHeartbeatSchema.safeParse(message);
    if (userId === null || !beat.success) return STOP;
    try {
      // Someone is watching: the worker keeps asking Kick whether the stream is live (a lost "started" is found).
      if (beat.data.visible && beat.data.player) await this.liveState.noteWatcher();
      return await this.watch.beat(userId, socket.id, beat.data);
    } catch (err) {
      this.logger.error({ err }, 'watch heartbeat failed');
      return STOP;
    }
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    const userId = memberOf(socket);
    if (userId !== null) await this.watch.release(userId, socket.id).catch(() => undefined);
  }
}
