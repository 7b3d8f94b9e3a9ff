import { Client } from 'pg';
import { integrationStack, waitFor } from '@kickback/testing';
import { OUTBOX_LISTENER_APP, OutboxService } from '@kickback/platform';
import { settingsUpdatedEvent } from './settings-updated-event';

/**
 * The relay sleeps until the outbox trigger's notification. Its fallback poll is set to ten minutes here, far past
 * every wait of this file, so an event relayed at all was relayed because a notification woke the relay (or the
 * listener's wake on reconnecting), never because the poll came round.
 */
describe('outbox relay: woken by NOTIFY, recovers when the listening connection drops', () => {
  let outbox: OutboxService;
  let admin: Client;
  afterAll(async () => {
    await admin.end();
  });

  const stack = integrationStack({ api: false, worker: { healthServer: false }, env: { OUTBOX_POLL_MS: '600000' } });

  beforeAll(async () => {
    outbox = stack.worker.get(OutboxService);
    admin = new Client({ connectionString: stack.databaseUrl });
    await admin.connect();
  });

  /** The backend pid of the relay's listening session once it is LISTENing, in this test's database. */
  const listenerPid = async (): Promise<number | undefined> => {
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and application_name = $1 and query ilike 'listen%'`,
      [OUTBOX_LISTENER_APP],
    );
    return rows[0]?.pid;
  };

  /** Writes one event in its own transaction; returns its outbox id. */
  const writeEvent = async (): Promise<string> => {
    const fork = stack.em.fork();
    await fork.transactional((tx) => outbox.add(tx, 'user.settings-updated', settingsUpdatedEvent('0').payload));
    const [{ id }] = await fork.execute<{ id: string }[]>('select max(id)::text as id from outbox_events');
    return id;
  };

  const published = async (id: string): Promise<boolean> => {
    const [row] = await stack.em
      .fork()
      .execute<{ published: boolean }[]>('select published_at is not null as published from outbox_events where id = ?', [id]);
    return row?.published ?? false;
  };

  it('relays an event as soon as it commits, without the fallback poll', async () => {
    await waitFor(listenerPid, 10_000, 'the relay listening');
    const id = await writeEvent();
    await waitFor(() => published(id), 10_000, 'event relayed');
  });

  it('loses nothing when the listening connection is killed: events written meanwhile and afterwards are relayed', async () => {
    const before = await waitFor(listenerPid, 10_000, 'the relay listening');
    const {
      rows: [killed],
    } = await admin.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [before]);
    expect(killed?.ok).toBe(true);

    // Written while nobody listens: its notification is gone, the listener's wake on reconnecting relays it.
    const meanwhile = await writeEvent();
    await waitFor(() => published(meanwhile), 10_000, 'event written during the drop relayed');

    const after = await waitFor(
      async () => {
        const pid = await listenerPid();
        return pid !== undefined && pid !== before ? pid : undefined;
      },
      10_000,
      'a new listening session',
    );
    expect(after).not.toBe(before);
    const later = await writeEvent();
    await waitFor(() => published(later), 10_000, 'event written after the reconnect relayed');
  });
});
