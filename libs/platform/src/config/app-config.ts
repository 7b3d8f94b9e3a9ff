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

  private origins?: readonly string[];

  /**
   * The origins the site's own pages come from: APP_URL's and EXTRA_ORIGINS' (each read as a URL's origin, so a
   * trailing slash or upper case in the setting still matches what browsers send). Read once: the CSRF origin check asks
   * on every state-changing request.
   */
  get siteOrigins(): readonly string[] {
    this.origins ??= [this.appOrigin, ...this.env.EXTRA_ORIGINS.flatMap((value) => originOf(value) ?? [])];
    return this.origins;
  }

  get kickRedirectUri(): string {
    return this.env.KICK_REDIRECT_URI ?? `${this.env.APP_URL.replace(/\/$/, '')}/auth/kick/callback`;
  }
}

/** The origin of a URL, or null when it is not one (an unreadable Referer, an opaque "null" origin). */
export function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
