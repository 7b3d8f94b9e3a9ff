import { Injectable, Logger } from '@nestjs/common';
import { Client } from 'pg';
import { AppConfig } from '../config/app-config';

/** The channel the outbox table's trigger notifies (migration outbox_notify). */
export const OUTBOX_CHANNEL = 'outbox_events';
/** Names the listening session in pg_stat_activity. */
export const OUTBOX_LISTENER_APP = 'kickback-outbox-listener';
/** First wait before connecting again after the connection dropped; doubled per failure up to the maximum. */
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

/**
 * Holds one connection outside the pool that LISTENs on the outbox channel and calls `wake` for each notification.
 * A pooled connection would be handed to other queries and lose the LISTEN; this one lives as long as the relay.
 * When it drops (server restart, terminated backend) it reconnects with backoff and calls `wake` once connected
 * again, since notifications sent while it was away are not replayed; the relay's slow poll covers the gap before.
 */
@Injectable()
export class OutboxListener {
  private readonly logger = new Logger(OutboxListener.name);
  private client: Client | null = null;
  private wake: (() => void) | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  /** Connections made, the first included; a test reads it to see a reconnect. */
  connections = 0;

  constructor(private readonly config: AppConfig) {}

  start(wake: () => void): void {
    if (this.wake) return;
    this.wake = wake;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.wake = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.config.env.DATABASE_URL, application_name: OUTBOX_LISTENER_APP });
    let dropped = false;
    const drop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      if (this.wake) {
        this.logger.warn({ err }, 'outbox listener connection lost; reconnecting');
        this.retry();
      }
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', () => this.wake?.());
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (err) {
      drop(err);
      return;
    }
    if (!this.wake || dropped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    this.connections++;
    this.wake();
  }

  private retry(): void {
    const delay = Math.min(RECONNECT_MIN_MS * 2 ** this.failures, RECONNECT_MAX_MS);
    this.failures++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.wake) void this.connect();
    }, delay);
  }
}
