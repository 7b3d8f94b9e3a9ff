import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Role } from '@kickback/contracts';
import { MemberSessions, RealtimeEmitter, SESSION_TTL_SECONDS, ensureCsrfToken, markMemberSession, sessionRoom } from '@kickback/platform';
import { UsersService } from '@kickback/domain';
import { ViewerSafetyReader } from '../http/safety/viewer-safety.reader';

/**
 * Starts an authenticated session: a fresh session id (no fixation), a fresh CSRF token, a login event, and the
 * browser's age answer kept on the account.
 */
@Injectable()
export class SessionLoginService {
  constructor(
    private readonly users: UsersService,
    private readonly realtime: RealtimeEmitter,
    private readonly memberSessions: MemberSessions,
    private readonly safety: ViewerSafetyReader,
  ) {}

  async login(req: Request, user: { id: number; role: Role }): Promise<void> {
    await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
    // Listed before the first save: the session store writes only listed member sessions (a ban ends them all).
    await this.memberSessions.track(user.id, req.sessionID, SESSION_TTL_SECONDS);
    req.session.userId = user.id;
    req.session.role = user.role;
    markMemberSession(req.session);
    ensureCsrfToken(req.session);
    await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
    await this.users.recordLogin(user.id);
    // A "Yes" given in this browser before logging in is the member's: no other browser asks them again.
    await this.safety.adoptBrowserAnswer(req, user.id);
  }

  /** Keeps a ban's reason for the login page that the refused member is sent to. */
  async refuseBanned(req: Request, user: { banReason: string | null }): Promise<void> {
    req.session.loginRefusal = { banReason: user.banReason };
    await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
  }

  /** Ends the session and, on every replica, the sockets opened with it: private pushes stop at once. */
  async logout(req: Request): Promise<void> {
    const sessionId = req.sessionID;
    const userId = req.session.userId;
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
    if (sessionId) this.realtime.disconnectRoom(sessionRoom(sessionId));
    if (userId && sessionId) await this.memberSessions.forget(userId, sessionId);
  }
}
