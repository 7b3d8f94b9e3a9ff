import { Injectable } from '@nestjs/common';
import { userRoom } from '@kickback/contracts';
import { RealtimeEmitter } from '@kickback/platform';

/** What the member who lost a standing win is told: an admin's reroll (with the reason given), or a window closing unclaimed. */
export const LOSER_MESSAGES = {
  rerolled: (prize: string, title: string, reason: string | null) =>
    `Your win of ${prize} in ${title} was rerolled by the streamer and passed to the next member drawn.${reason ? ` Reason: ${reason}` : ''}`,
  passedOn: (prize: string, title: string) =>
    `Your claim window for ${prize} in ${title} closed, so the prize passed to the next member drawn.`,
};

export interface LostWin {
  userId: number;
  prize: string;
  title: string;
  /** Null for a window that closed unclaimed; the admin's reason (or null) for a reroll. */
  rerolled: { reason: string | null } | null;
}

/** Tells members on every open tab that a prize they held was taken from them, so a win never disappears silently. */
@Injectable()
export class RaffleLoserNotices {
  constructor(private readonly realtime: RealtimeEmitter) {}

  tell(lost: LostWin[]): void {
    for (const { userId, prize, title, rerolled } of lost) {
      const message = rerolled ? LOSER_MESSAGES.rerolled(prize, title, rerolled.reason) : LOSER_MESSAGES.passedOn(prize, title);
      this.realtime.toRoom(userRoom(userId), 'user:notification', { type: 'warning', message });
    }
  }
}
