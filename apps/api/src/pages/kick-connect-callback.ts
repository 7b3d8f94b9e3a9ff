import { Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { csrfTokenMatches } from '@kickback/platform';
import { KickConnectionService } from '@kickback/domain';
import { oauthAttemptMatches } from './oauth-attempt';

const SCREEN = '/admin-new/kick-connection';

/**
 * The second half of the streamer's Kick connection. Kick's app settings take one redirect URL, so the connection
 * comes back to the member login's callback (/auth/kick/callback), which hands it here when the state is the one an
 * admin's connection attempt keeps in the session (a login's state lives apart, in `oauth`).
 */
@Injectable()
export class KickConnectCallback {
  private readonly logger = new Logger(KickConnectCallback.name);

  constructor(private readonly connection: KickConnectionService) {}

  /**
   * Whether this callback answers the session's connection attempt: its state is the attempt's (expired or not:
   * finish says which), or the session waits for no login, so a wrong state is the connection's to refuse.
   */
  owns(req: Request, state: string | undefined): boolean {
    const pending = req.session.kickConnect;
    if (!pending) return false;
    return (typeof state === 'string' && csrfTokenMatches(pending.state, state)) || !req.session.oauth;
  }

  async finish(req: Request, res: Response, query: { code?: string; state?: string; error?: string }): Promise<void> {
    const { code, state, error } = query;
    const pending = req.session.kickConnect;
    delete req.session.kickConnect;
    const back = (result: string): void => void req.session.save(() => res.redirect(302, `${SCREEN}?${result}`));
    // Only an admin starts a connection; the role is checked again in case it changed since.
    const userId = req.session.userId;
    if (!userId || req.session.role !== 'Admin' || !oauthAttemptMatches(pending, state)) return back('error=state');
    if (error) return back(`error=${error === 'access_denied' ? 'denied' : 'failed'}`);
    if (!code) return back('error=failed');
    try {
      await this.connection.connect(userId, code, pending.verifier);
      back('connected=1');
    } catch (err) {
      this.logger.warn({ err }, 'Kick connection failed');
      back('error=failed');
    }
  }
}
