import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { KICK_DOCUMENTED_PUBLIC_KEY } from './kick-documented-public-key';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Every setting the processes read, with a safe local default. Production refuses the
 * local secrets so a forgotten variable cannot ship a guessable session key.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: z.string().url().default('http://localhost:3000'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .default('postgres://postgres@127.0.0.1:5432/kickback'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .default('redis://127.0.0.1:6379/0'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default('local-development-session-secret-not-for-production'),
    /** The secret being rotated out: cookies it signed still verify until it is removed. */
    SESSION_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
    /** A member's session ends this many days after login, however active (the idle limit is 30 days). */
    SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).max(365).default(90),
    /** An anonymous visitor's session (it only holds the CSRF token) expires after this many idle minutes. */
    ANONYMOUS_SESSION_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(120),
    SECRETS_KEY: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
      .default(Buffer.alloc(32, 7).toString('base64')),
    /** The key being rotated out: what it sealed still opens until `npm run secrets:rekey` re-seals it. */
    SECRETS_KEY_PREVIOUS: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
      .optional(),
    AUTH_DEV_LOGIN: bool.default('false'),
    KICK_CLIENT_ID: z.string().default('kickback-local'),
    KICK_CLIENT_SECRET: z.string().default('kickback-local-secret'),
    KICK_REDIRECT_URI: z.string().url().optional(),
    KICK_AUTH_URL: z.string().url().default('https://id.kick.com'),
    KICK_API_URL: z.string().url().default('https://api.kick.com'),
    /**
     * Kick's webhook public key as its developer docs print it: used while GET /public/v1/public-key fails (it has
     * answered 403 before). PEM; literal backslash-n escapes are read as line breaks so the key fits one env line.
     */
    KICK_PUBLIC_KEY: z
      .string()
      .regex(/-----BEGIN PUBLIC KEY-----/)
      .transform((pem) => pem.replace(/\\n/g, '\n'))
      .default(KICK_DOCUMENTED_PUBLIC_KEY),
    /** Days a Kick message id is kept after its delivery, so a redelivery within them applies nothing (Kick documents no limit). */
    KICK_MESSAGE_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(30),
    /** Subscribe the channel to Kick's events with the app's credentials (KICK_CLIENT_ID/SECRET); off for local use. */
    KICK_EVENTS_SUBSCRIBE: bool.default('false'),
    /** A chat command sent longer ago than this (its created_at, else the signed timestamp) is recorded as stale, not answered. */
    KICK_COMMAND_MAX_AGE_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
    UPLOAD_DIR: z.string().min(1).default('./uploads'),
    FRONTEND_DIST: z.string().min(1).default('./frontend/dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default('false'),
    /**
     * A request header the deployment's proxy or CDN sets to the viewer's two-letter country (e.g. CF-IPCountry). Only
     * name one your proxy always overwrites: a header a viewer can send themselves is not evidence of anything. Unset,
     * the country comes from the bundled DB-IP country database (docs/responsible-gambling.md).
     */
    COUNTRY_HEADER: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,64}$/, 'must be a header name')
      .optional(),
    /** Days a visitor's browser remembers their answer to the age question (a member's "Yes" is kept on the account). */
    AGE_GATE_COOKIE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /**
     * HTTP raffle entries per client address per minute, across its members: a venue or a carrier NAT puts many
     * viewers behind one address, so this only stops one machine driving many accounts.
     */
    RAFFLE_ENTER_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    /**
     * Refused requests and socket messages (400, 413, 422, 429, a message over a limit) a client may cause in a minute
     * before its further requests are held ABUSE_HOLD_MS and answered 429 unread (apps/api/src/security/refusal-penalties.ts).
     */
    ABUSE_REFUSALS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /**
     * Requests of one client (signed session, else address) served at once by an api process; the rest wait their turn
     * (apps/api/src/security/client-lanes.ts). A page's first load, a handful of calls, fits.
     */
    CLIENT_LANES: z.coerce.number().int().min(1).max(10_000).default(4),
    ABUSE_HOLD_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** Read API requests per token per minute (docs/read-api.md). */
    READ_API_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    /** Login attempts (demo login, Kick OAuth start and callback) per minute per address. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    /** How often an open member socket re-reads its session (logout elsewhere, expiry, role change, ban). */
    SOCKET_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Open sockets per client and api replica: per address for visitors without a session, per session otherwise. */
    SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /** Comma-separated extra origins allowed to open sockets and send state-changing requests (the Vite dev server). */
    EXTRA_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /** Redis channel prefix shared by the Socket.IO adapter and emitter; distinct per deployment sharing a Redis. */
    REALTIME_CHANNEL: z
      .string()
      .regex(/^[\w.:-]{1,64}$/)
      .default('socket.io'),
    /**
     * The outbox relay's fallback poll: notifications wake it as events commit, so this only bounds how late an event
     * written while the listening connection was down is relayed. Each poll is a transaction on an idle site.
     */
    OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
    /** Least time between two outbox claims: under a stream of commits, events gather into fewer, larger jobs. */
    OUTBOX_CLAIM_GAP_MS: z.coerce.number().int().min(0).max(1_000).default(25),
    /**
     * Days a relayed outbox event and its processed-event rows are kept. Longer than the week a failed job can be
     * retried (FAILED_JOB_KEEP_MS), so a retried event still finds the rows that make it apply once.
     */
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(8).max(3650).default(30),
    SMTP_URL: z.string().optional(),
    /**
     * Uploaded images decoded at once per process, each on one libvips thread: the share of the cores uploads may take.
     * The default is half the cores (at least one).
     */
    IMAGE_DECODE_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.max(1, Math.floor(availableParallelism() / 2))),
    /** Let leaderboard sources fetch loopback/private addresses (local fake casinos); never in production. */
    LEADERBOARD_ALLOW_PRIVATE_HOSTS: bool.default('false'),
    /**
     * Let announcement webhooks reach loopback/private addresses over http (a local receiver, the fake Discord);
     * never in production, where a generic webhook must be a public https host.
     */
    WEBHOOKS_ALLOW_PRIVATE_HOSTS: bool.default('false'),
    /**
     * The most of a leaderboard source's answer read (bytes): a whole month of players is a few hundred KB; a casino
     * API answering more is cut off and the refresh fails with that reason.
     */
    LEADERBOARD_SOURCE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(256 * 1024 * 1024)
      .default(5 * 1024 * 1024),
    /** The most of an announcement webhook's or Discord's answer read (bytes); only its status and a short error matter. */
    OUTBOUND_ANSWER_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(16 * 1024 * 1024)
      .default(64 * 1024),
    /** Discord's API base: hooks are stored as discord.com URLs and executed at `{base}/webhooks/{id}/{token}`. */
    DISCORD_API_URL: z.string().url().default('https://discord.com/api/v10'),
    /** First retry delay of a failed announcement delivery; each later one doubles it (6 attempts in all). */
    ANNOUNCEMENT_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(10_000),
    /** Serve the OpenAPI page at /api/docs; on by default except in production. */
    API_DOCS: bool.optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    const defaults = envSchema_defaults();
    if (env.SESSION_SECRET === defaults.SESSION_SECRET)
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set to a real secret in production' });
    else if (weakSecret(env.SESSION_SECRET)) ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: WEAK_SECRET_MESSAGE });
    if (env.SESSION_SECRET_PREVIOUS === defaults.SESSION_SECRET)
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET_PREVIOUS'], message: 'must not be the public development secret' });
    else if (env.SESSION_SECRET_PREVIOUS && weakSecret(env.SESSION_SECRET_PREVIOUS))
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET_PREVIOUS'], message: WEAK_SECRET_MESSAGE });
    if (env.SECRETS_KEY === defaults.SECRETS_KEY)
      ctx.addIssue({ code: 'custom', path: ['SECRETS_KEY'], message: 'must be set to a real key in production' });
    else if (new Set(Buffer.from(env.SECRETS_KEY, 'base64')).size < 16)
      ctx.addIssue({ code: 'custom', path: ['SECRETS_KEY'], message: 'must be 32 random bytes (generate with: openssl rand -base64 32)' });
    if (env.KICK_CLIENT_SECRET === defaults.KICK_CLIENT_SECRET || env.KICK_CLIENT_SECRET.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['KICK_CLIENT_SECRET'], message: 'must be set in production' });
    if (!env.APP_URL.startsWith('https://'))
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message: 'must be an https:// URL in production (cookies are Secure only behind TLS)',
      });
    if (env.LEADERBOARD_ALLOW_PRIVATE_HOSTS)
      ctx.addIssue({ code: 'custom', path: ['LEADERBOARD_ALLOW_PRIVATE_HOSTS'], message: 'must be false in production' });
    if (env.WEBHOOKS_ALLOW_PRIVATE_HOSTS)
      ctx.addIssue({ code: 'custom', path: ['WEBHOOKS_ALLOW_PRIVATE_HOSTS'], message: 'must be false in production' });
    if (!env.DISCORD_API_URL.startsWith('https://'))
      ctx.addIssue({ code: 'custom', path: ['DISCORD_API_URL'], message: 'must be an https:// URL in production' });
    if (env.AUTH_DEV_LOGIN) ctx.addIssue({ code: 'custom', path: ['AUTH_DEV_LOGIN'], message: 'must be false in production' });
  });

const WEAK_SECRET_MESSAGE = 'is too weak: use at least 32 random characters (openssl rand -base64 48)';

/** A guessable secret: repeated or short alphabets ('x' * 40, 'passwordpassword…') rather than random characters. */
function weakSecret(secret: string): boolean {
  return secret.length < 32 || new Set(secret).size < 12;
}

function envSchema_defaults() {
  return {
    SESSION_SECRET: 'local-development-session-secret-not-for-production',
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    KICK_CLIENT_SECRET: 'kickback-local-secret',
  };
}

export type AppEnv = z.infer<typeof envSchema>;
