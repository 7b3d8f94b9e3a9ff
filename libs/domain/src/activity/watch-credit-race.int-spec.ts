import type { Socket } from 'socket.io-client';
import { integrationStack, socketConnected, testSocket, type RunningApi, type TestClient } from '@kickback/testing';

/**
 * Heartbeats racing each other: many beats of one member at the same moment, on one socket or on sockets of two api
 * replicas sharing Redis, are credited for the elapsed time once, never once per beat.
 */
describe('watch heartbeats are credited atomically', () => {
  let apis: RunningApi[];
  let streamId: string;
  let kickSeq = 900_000;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const s of sockets) s.close();
  });

  const stack = integrationStack();

  beforeAll(async () => {
    apis = [stack.api, await stack.processes.api()];
    await stack.em.fork().execute('update activity_settings set watch_interval_seconds = 2, watch_points = 10, watch_stream_cap = 1000');
    const [stream] = await stack.em
      .fork()
      .execute<{ id: string }[]>(`insert into activity_streams (started_at) values (now()) returning id::text as id`);
    streamId = stream!.id;
    await stack.em
      .fork()
      .execute('update activity_live_state set is_live = true, started_at = now(), stream_id = ? where id = 1', [streamId]);
  });

  const connect = async (api: RunningApi, client: TestClient) => {
    const socket = testSocket(api.url, client);
    sockets.push(socket);
    return socketConnected(socket);
  };
  const beat = (socket: Socket) =>
    socket.emitWithAck('activity:heartbeat', { visible: true, player: true }) as Promise<{ counted: boolean; awarded: number }>;
  /** As if the holder's last beat were one full interval (2 s) ago, without waiting for it. */
  const intervalPassed = (userId: number) =>
    stack.redis.hset(`activity:watch:progress:${userId}:${streamId}`, 'last', String(Date.now() - 2_000));
  const watchAwards = async (userId: number) =>
    (
      await stack.em
        .fork()
        .execute<{ n: string; points: string }[]>(
          `select count(*) as n, coalesce(sum(delta), 0) as points from points_ledger where user_id = ? and reason = 'activity.watch'`,
          [userId],
        )
    )[0]!;

  it('20 beats on one socket after an interval earn one award', async () => {
    const m = await stack.member({ kickId: ++kickSeq });
    const socket = await connect(apis[0]!, m.client);
    expect(await beat(socket)).toMatchObject({ counted: true, awarded: 0 });
    await intervalPassed(m.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => beat(socket)));
    expect(answers.filter((a) => a.awarded > 0)).toEqual([{ counted: true, awarded: 10, next_beat_seconds: 1 }]);
    expect(await watchAwards(m.id)).toEqual({ n: '1', points: '10' });
  });

  it('beats from two api replicas count one connection, credited once', async () => {
    const m = await stack.member({ kickId: ++kickSeq });
    const [first, second] = [await connect(apis[0]!, m.client), await connect(apis[1]!, m.client)];
    expect(await beat(first)).toMatchObject({ counted: true });
    await intervalPassed(m.id);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => beat(i % 2 ? second : first)));
    // Only the holder (the first socket) counts; its ten racing beats share the one elapsed interval.
    expect(answers.filter((a, i) => i % 2 === 1 && a.counted)).toEqual([]);
    expect(answers.filter((a) => a.awarded > 0)).toHaveLength(1);
    expect(await watchAwards(m.id)).toEqual({ n: '1', points: '10' });
  });
});
