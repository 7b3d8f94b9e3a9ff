import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppConfig, cookieValue, sessionCookieName } from '@kickback/platform';

/** Whether a client key is an address (everyone behind it who is not signed in) rather than one session. */
export const isAddressKey = (client: string): boolean => client.startsWith('a:');

/**
 * Who a request comes from, read without I/O: its session id when the session cookie carries a valid signature (one the
 * server issued, so it cannot be made up per request), otherwise its address (the proxy's client when TRUST_PROXY, as
 * Express's req.ip reads it). Members behind one address are told apart; a client sending made-up cookies is its address.
 */
@Injectable()
export class ClientKeys {
  private readonly cookieName: string;
  private readonly secrets: string[];
  private readonly trustProxy: boolean;

  constructor(config: AppConfig) {
    this.cookieName = sessionCookieName(config);
    this.secrets = [config.env.SESSION_SECRET, config.env.SESSION_SECRET_PREVIOUS].filter((s): s is string => !!s);
    this.trustProxy = config.env.TRUST_PROXY;
  }

  of(req: IncomingMessage): string {
    const sid = this.signedSessionId(cookieValue(req, this.cookieName));
    return sid ? `s:${sid}` : `a:${this.address(req)}`;
  }

  private address(req: IncomingMessage): string {
    const forwarded = this.trustProxy ? req.headers['x-forwarded-for'] : undefined;
    const hops = typeof forwarded === 'string' ? forwarded.split(',') : [];
    return (hops.length ? hops[hops.length - 1]!.trim() : req.socket.remoteAddress) ?? 'unknown';
  }

  /** express-session's cookie: `s:` + id + `.` + base64 HMAC-SHA256 of the id, without padding. */
  private signedSessionId(cookie: string | undefined): string | null {
    if (!cookie || cookie.length > 256) return null;
    let value: string;
    try {
      value = decodeURIComponent(cookie);
    } catch {
      return null;
    }
    if (!value.startsWith('s:')) return null;
    const dot = value.lastIndexOf('.');
    if (dot <= 2) return null;
    const id = value.slice(2, dot);
    const mac = Buffer.from(value.slice(dot + 1));
    for (const secret of this.secrets) {
      const expected = Buffer.from(createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, ''));
      if (expected.length === mac.length && timingSafeEqual(expected, mac)) return id;
    }
    return null;
  }
}
