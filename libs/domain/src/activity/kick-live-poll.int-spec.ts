import { integrationStack, fakeDateOnly, FakeKickServer, kickUser } from '@kickback/testing';
import { AdminActivityService } from './admin-activity.service';
import { KickLivePollService, LIVE_POLL_EVERY_MS } from './kick-live-poll.service';
import { LiveStateService } from './live-state.service';

const CHANNEL = 5858;
const MINUTE = 60_000;
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The live-state poll against a fake Kick that answers as Kick does (docs/kick.md "Live state"): the per-channel lookup
 * shows the channel's stream with `is_live` and `start_time`, v2 livestreams is a listing of every channel and is
 * never asked. Only the clock (Date) is fake, so an hour of polls runs at once; nothing waits on real time.
 */
describe("the live poll follows Kick's channel lookup", () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  let poll: KickLivePollService;
  let liveState: LiveStateService;
  const broadcaster = kickUser(CHANNEL, 'streamer');

  const now = () => Date.now();
  const advance = (ms: number) => jest.setSystemTime(now() + ms);
  const row = async () =>
    (
      await stack.em
        .fork()
        .execute<{ is_live: boolean; stream_id: string | null; started_at: Date | null }[]>(
          'select is_live, stream_id::text as stream_id, started_at from activity_live_state where id = 1',
        )
    )[0]!;
  const status = (isLive: boolean, startedAt: number, endedAt: number | null = null) =>
    kick.events.deliver(
      'livestream.status.updated',
      {
        broadcaster,
        is_live: isLive,
        title: 'Bonus hunt',
        started_at: new Date(startedAt).toISOString(),
        ended_at: endedAt === null ? null : new Date(endedAt).toISOString(),
      },
      { timestamp: rfc3339(now()) },
    );

  beforeAll(async () => {
    fakeDateOnly();
  });
  afterAll(async () => {
    jest.useRealTimers();
  });

  const stack = integrationStack({ kick, env: { KICK_PUBLIC_KEY: kick.events.publicKeyPem } });

  beforeAll(async () => {
    poll = stack.api.app.get(KickLivePollService);
    liveState = stack.api.app.get(LiveStateService);
    await stack.em.fork().execute('update activity_settings set broadcaster_user_id = ? where id = 1', [CHANNEL]);
  });

  it('a live stream stays live through an hour of polls, and home gets its title and category', async () => {
    const start = now();
    kick.channels.goLive(CHANNEL, new Date(start).toISOString(), 'Bonus hunt');
    expect(await status(true, start)).toBe(200);
    const opened = (await row()).stream_id;
    expect(opened).not.toBeNull();
    expect(
      await kick.events.deliver(
        'livestream.metadata.updated',
        {
          broadcaster,
          metadata: {
            title: 'Bonus hunt #12',
            language: 'en',
            has_mature_content: true,
            category: { id: 28, name: 'Slots & Casino', thumbnail: '' },
          },
        },
        { timestamp: rfc3339(now()) },
      ),
    ).toBe(200);

    const results: string[] = [];
    for (let minute = 1; minute <= 60; minute++) {
      advance(LIVE_POLL_EVERY_MS);
      results.push(await poll.poll());
    }
    expect(results.slice(0, 1)).toEqual(['settling']);
    expect(new Set(results.slice(2))).toEqual(new Set(['unchanged']));
    expect(await row()).toMatchObject({ is_live: true, stream_id: opened });
    expect(kick.channels.channelRequests).toBeGreaterThanOrEqual(58);
    expect(kick.channels.livestreamRequests).toBe(0);
    expect(await liveState.get()).toMatchObject({ is_live: true, title: 'Bonus hunt #12', category: 'Slots & Casino' });
    // A metadata delivery older than the one applied (Kick does not promise order) changes nothing.
    expect(
      await kick.events.deliver(
        'livestream.metadata.updated',
        { broadcaster, metadata: { title: 'Old title', language: 'en', has_mature_content: false, category: null } },
        { timestamp: rfc3339(start - MINUTE) },
      ),
    ).toBe(200);
    const answer = (await (await stack.api.client().get('/api/r/live')).json()) as { data: unknown };
    expect(answer.data).toMatchObject({ is_live: true, title: 'Bonus hunt #12', category: 'Slots & Casino' });
  });

  it('a lost "ended" is still found, and neither a late "live" nor Kick still listing that stream reopens it', async () => {
    const { started_at: startedAt } = await row();
    kick.channels.goOffline(CHANNEL);
    advance(LIVE_POLL_EVERY_MS);
    expect(await poll.poll()).toBe('ended');
    expect(await row()).toMatchObject({ is_live: false, stream_id: null });
    expect((await liveState.get()).is_live).toBe(false);

    // Kick re-sends the stream's "live" after its end: the stream's own start is before that end, so nothing opens.
    advance(MINUTE);
    expect(await status(true, new Date(startedAt!).getTime())).toBe(200);
    expect((await row()).is_live).toBe(false);

    // A member watches, and Kick's lookup still (or again) shows that same stream: the poll reopens nothing either.
    kick.channels.goLive(CHANNEL, new Date(startedAt!).toISOString());
    await liveState.noteWatcher();
    advance(3 * MINUTE);
    expect(await poll.poll()).toBe('stale');
    expect((await row()).is_live).toBe(false);

    // A stream that starts after the end is a new one: the poll opens it.
    kick.channels.goLive(CHANNEL, new Date(now()).toISOString());
    advance(MINUTE);
    expect(await poll.poll()).toBe('started');
    expect((await row()).is_live).toBe(true);
  });

  it('an answer that fails the schema changes nothing; the admins see why until a valid answer comes', async () => {
    const admin = stack.api.app.get(AdminActivityService);
    const before = await row();
    expect(before.is_live).toBe(true);
    kick.channels.goOffline(CHANNEL);
    const broken: unknown[] = [
      { message: 'OK' },
      { data: [{ broadcaster_user_id: CHANNEL, slug: 'streamer', stream: { is_live: 'false', start_time: '' } }], message: 'OK' },
      { data: [{ broadcaster_user_id: CHANNEL, slug: 'streamer' }], message: 'OK' },
      // Kick naming no channel for the broadcaster asked about is not "offline".
      { data: [], message: 'OK' },
      { data: [{ broadcaster_user_id: CHANNEL, slug: 'streamer', stream: { is_live: true, start_time: 'yesterday' } }], message: 'OK' },
    ];
    for (const answer of broken) {
      kick.channels.channelsAnswer = answer;
      advance(3 * MINUTE);
      expect(await poll.poll()).toBe('invalid');
      expect(await row()).toEqual(before);
    }
    expect((await admin.overview()).live_poll_warning).toContain("Kick's channel lookup answered in an unexpected shape");

    kick.channels.channelsAnswer = undefined;
    advance(MINUTE);
    expect(await poll.poll()).toBe('ended');
    expect((await admin.overview()).live_poll_warning).toBeNull();
  });
});
