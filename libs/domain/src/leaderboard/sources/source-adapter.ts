import type { LeaderboardSourceType } from '@kickback/contracts';
import type { Cents } from '../decimal-amount';
import type { PeriodWindow } from '../period-window';

/** One player's total for the period as a source reports it, normalised to cents. */
export interface SourceRow {
  username: string;
  cents: Cents;
}

export interface SourceContext {
  window: PeriodWindow;
  /** The platform's source_config, already validated against the type's schema. */
  config: Record<string, unknown>;
  /** The decrypted secret; lives only in memory for the duration of the fetch. */
  credentials: string | null;
  /** LEADERBOARD_ALLOW_PRIVATE_HOSTS: local fakes and development only; production fetches public hosts alone. */
  allowPrivateHosts: boolean;
  /** LEADERBOARD_SOURCE_MAX_BYTES: the most of an answer read; a longer one fails the fetch. */
  maxAnswerBytes: number;
  /** Rows stored by the manual CSV import for this period. */
  loadManualRows: () => Promise<SourceRow[]>;
}

/** A fetch failed for a reason an admin should read; never carries a secret. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

/** Every data source: fetch the current period's per-player totals. */
export interface LeaderboardSource {
  readonly type: LeaderboardSourceType;
  fetch(ctx: SourceContext): Promise<SourceRow[]>;
}

export const str = (ctx: SourceContext, key: string): string | undefined => {
  const v = ctx.config[key];
  return typeof v === 'string' && v ? v : undefined;
};

export const num = (ctx: SourceContext, key: string): number | undefined => {
  const v = ctx.config[key];
  return typeof v === 'number' ? v : undefined;
};

export function requireCredentials(ctx: SourceContext, what: string): string {
  if (!ctx.credentials) throw new SourceError(`No ${what} is stored for this platform.`);
  return ctx.credentials;
}

export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
/** The last day inside an end-exclusive window. */
export const lastDay = (w: PeriodWindow): string => isoDay(new Date(w.end.getTime() - 1));
