import type { Request, RequestHandler, Response } from 'express';
import { AppConfig } from '../config/app-config';
import type { AppEnv } from '../config/env.schema';
import { sessionWhenNeeded } from './session.middleware';

describe('sessionWhenNeeded: who pays for a session', () => {
  const config = new AppConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000' } as AppEnv);
  const ran = (method: string, url: string, cookie?: string): boolean => {
    let used = false;
    const session: RequestHandler = (_req, _res, next) => {
      used = true;
      next();
    };
    sessionWhenNeeded(config, session)({ method, url, headers: cookie ? { cookie } : {} } as Request, {} as Response, () => undefined);
    return used;
  };

  it('skips cookieless reads and sockets, and every webhook whatever it carries', () => {
    expect(ran('GET', '/api/r/leaderboard')).toBe(false);
    expect(ran('GET', '/socket.io/?EIO=4')).toBe(false);
    expect(ran('POST', '/webhooks/kick')).toBe(false);
    expect(ran('POST', '/webhooks/kick', 'kb.sid=s%3Aabc')).toBe(false);
  });

  it('runs for a member cookie, for writes, and for the OAuth start', () => {
    expect(ran('GET', '/api/r/leaderboard', 'kb.sid=s%3Aabc')).toBe(true);
    expect(ran('POST', '/api/r/contact')).toBe(true);
    expect(ran('GET', '/auth/kick')).toBe(true);
  });
});
