import type { AppEnv } from './env.schema';

/** Injection token and typed accessor for the validated environment. */
export class AppConfig {
  constructor(readonly env: AppEnv) {}

  get isProduction(): boolean {
    return this.env.NODE_ENV === 'production';
  }

  /** Behind TLS the cookie gets Secure and the __Host- prefix. */
  get secureCookies(): boolean {
    return this.env.APP_URL.startsWith('https://');
  }

  get appOrigin(): string {
    return new URL(this.env.APP_URL).origin;
  }

  get kickRedirectUri(): string {
    return this.env.KICK_REDIRECT_URI ?? `${this.env.APP_URL.replace(/\/$/, '')}/auth/kick/callback`;
  }
}
