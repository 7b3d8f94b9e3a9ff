import { integrationStack, openRaffle } from '@kickback/testing';

const SETTINGS_COLUMNS = `bio, crypto, crypto2, crypto3, twitter_user, instagram_user, youtube_user, tiktok_user,
  kick_user_id::text as kick_user_id, kick_username`;

describe('member settings (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });

  const row = async (userId: number) =>
    (await stack.em.fork().execute<Record<string, string | null>[]>(`select ${SETTINGS_COLUMNS} from users where id = ?`, [userId]))[0];

  const events = async (userId: number) =>
    stack.em
      .fork()
      .execute<{ payload: { section: string; fields: string[] } }[]>(
        `select payload from outbox_events where type = 'user.settings-updated' and (payload->>'userId')::int = ? order by id`,
        [userId],
      );

  it('reads the settings of the logged-in member', async () => {
    const { id, client } = await stack.member({ kickUsername: 'readme' });
    await stack.em.fork().execute(`update users set kick_user_id = 991, bio = 'hi', crypto = 'stakey' where id = ?`, [id]);
    const res = await client.json('GET', '/api/r/profile/settings');
    expect(res).toEqual({
      status: 200,
      body: {
        success: true,
        data: {
          bio: 'hi',
          crypto: 'stakey',
          crypto2: null,
          crypto3: null,
          twitter_user: null,
          instagram_user: null,
          youtube_user: null,
          tiktok_user: null,
          kick_username: 'readme',
          kick_connected: true,
        },
      },
    });
  });

  it('each section updates only its own fields, answers with the SPEC message and the user, and writes one outbox event', async () => {
    const { id, client } = await stack.member({ kickUsername: 'sections' });
    await stack.em
      .fork()
      .execute(
        `update users set bio = 'old bio', crypto = 'c1', crypto2 = 'c2', crypto3 = 'c3', twitter_user = 'tw', instagram_user = 'ig', youtube_user = 'yt', tiktok_user = 'tt' where id = ?`,
        [id],
      );

    const bio = await client.json('POST', '/api/r/profile/update', { bio: 'Slots every night.' });
    expect(bio.status).toBe(200);
    expect(bio.body).toMatchObject({ success: true, message: 'Profile updated successfully!', user: { id, bio: 'Slots every night.' } });
    expect(await row(id)).toMatchObject({ bio: 'Slots every night.', crypto: 'c1', twitter_user: 'tw', kick_username: 'sections' });

    const casinos = await client.json('POST', '/api/r/profile/update', { crypto: '  High Roller_1 ', crypto2: '', crypto3: null });
    expect(casinos.status).toBe(200);
    expect(casinos.body).toMatchObject({
      success: true,
      message: 'Connections updated successfully!',
      user: { crypto: 'High Roller_1', crypto2: null, crypto3: null, kick_username: 'sections', kick_connected: true },
    });
    expect(await row(id)).toMatchObject({
      bio: 'Slots every night.',
      crypto: 'High Roller_1',
      crypto2: null,
      crypto3: null,
      twitter_user: 'tw',
      instagram_user: 'ig',
    });

    const social = await client.json('POST', '/api/r/profile/update', {
      twitter_user: '@spin.city',
      instagram_user: 'spin_city',
      youtube_user: '',
      tiktok_user: 'spin-city',
    });
    expect(social.status).toBe(200);
    expect(social.body.message).toBe('Social media links updated successfully!');
    expect(await row(id)).toMatchObject({
      bio: 'Slots every night.',
      crypto: 'High Roller_1',
      twitter_user: 'spin.city',
      instagram_user: 'spin_city',
      youtube_user: null,
      tiktok_user: 'spin-city',
    });

    expect((await events(id)).map((e) => e.payload)).toEqual([
      expect.objectContaining({ section: 'profile', fields: ['bio'] }),
      expect.objectContaining({ section: 'connections', fields: ['crypto', 'crypto2', 'crypto3'] }),
      expect.objectContaining({ section: 'social', fields: ['twitter_user', 'instagram_user', 'youtube_user', 'tiktok_user'] }),
    ]);
  });

  it('refuses unknown fields, mixed sections, a too-long bio and bad usernames with 422 per field, changing nothing', async () => {
    const { id, client } = await stack.member({ kickUsername: 'strict' });
    await stack.em.fork().execute(`update users set bio = 'keep me', crypto = 'keep' where id = ?`, [id]);
    const before = await row(id);

    const unknown = await client.json('POST', '/api/r/profile/update', { bio: 'new', kick_username: 'hijack' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ success: false, errors: { kick_username: ['Unknown field.'] } });

    const long = await client.json('POST', '/api/r/profile/update', { bio: 'x'.repeat(501) });
    expect(long.status).toBe(422);
    expect(long.body.errors.bio).toEqual(['The bio may not be longer than 500 characters.']);

    const mixed = await client.json('POST', '/api/r/profile/update', { bio: 'new', crypto: 'other' });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors.crypto).toEqual(['Update one settings section at a time.']);

    const empty = await client.json('POST', '/api/r/profile/update', {});
    expect(empty.status).toBe(422);

    const bad = await client.json('POST', '/api/r/profile/update', {
      twitter_user: 'https://x.com/spin',
      instagram_user: 'a'.repeat(101),
      youtube_user: 42,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['instagram_user', 'twitter_user', 'youtube_user']);

    const nul = await client.json('POST', '/api/r/profile/update', { bio: 'nul\u0000byte' });
    expect(nul.status).toBe(422);
    expect(nul.body.errors.bio).toBeDefined();

    expect(await row(id)).toEqual(before);
    expect(await events(id)).toHaveLength(0);

    // Exactly 500 characters is allowed.
    const max = await client.json('POST', '/api/r/profile/update', { bio: 'y'.repeat(500) });
    expect(max.status).toBe(200);
    expect((await row(id)).bio).toHaveLength(500);
  });

  it('anonymous visitors get 401 on every settings call', async () => {
    const anon = stack.api.client();
    await anon.refreshCsrf();
    expect((await anon.json('GET', '/api/r/profile/settings')).status).toBe(401);
    expect((await anon.json('POST', '/api/r/profile/update', { bio: 'hi' })).status).toBe(401);
    const res = await anon.json('POST', '/api/r/profile/disconnect-kick', {});
    expect(res).toEqual({ status: 401, body: { success: false, message: 'You must be logged in.' } });
  });

  it('refuses a state change without the CSRF header', async () => {
    const { id, client } = await stack.member({ kickUsername: 'csrf' });
    const res = await client.json('POST', '/api/r/profile/update', { bio: 'forged' }, { csrf: false });
    expect(res.status).toBe(403);
    expect((await row(id)).bio).toBe('');
  });

  it('disconnecting Kick clears the Kick username (keeping the login identity), after which raffle entry is refused', async () => {
    const admin = await stack.api.signedIn({ role: 'Admin' });
    const raffleId = await openRaffle(admin, { title: 'Settings raffle', description: 'Needs Kick' });

    const { id, client } = await stack.member({ kickUsername: 'kicker' });
    await stack.em.fork().execute(`update users set kick_user_id = 4242, crypto = 'stays' where id = ?`, [id]);

    const res = await client.json('POST', '/api/r/profile/disconnect-kick', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Kick account disconnected successfully!',
      user: { id, kick_username: null, kick_connected: false, crypto: 'stays' },
    });
    // The Kick id stays: it is how this member logs in, so their account is not stranded.
    expect(await row(id)).toMatchObject({ kick_user_id: '4242', kick_username: null, crypto: 'stays' });
    expect((await events(id)).map((e) => e.payload.section)).toEqual(['kick']);

    const settings = await client.json('GET', '/api/r/profile/settings');
    expect(settings.body.data).toMatchObject({ kick_username: null, kick_connected: false });

    const enter = await client.json('POST', `/api/r/raffles/${raffleId}/enter`, { entry_type: 'passwordless' });
    expect(enter.status).toBe(422);
    expect(enter.body.message).toMatch(/Kick streaming username to enter raffles/);
    const entries = await stack.em.fork().execute<{ n: string }[]>('select count(*) as n from raffle_entries where user_id = ?', [id]);
    expect(Number(entries[0].n)).toBe(0);

    // Disconnecting again is harmless; extra body fields are not.
    expect((await client.json('POST', '/api/r/profile/disconnect-kick', {})).status).toBe(200);
    expect((await client.json('POST', '/api/r/profile/disconnect-kick', { kick_username: 'x' })).status).toBe(422);
  });

  it('concurrent saves of different sections all land (no section overwrites another)', async () => {
    const { id, client } = await stack.member({ kickUsername: 'parallel' });
    const results = await Promise.all([
      client.json('POST', '/api/r/profile/update', { bio: 'parallel bio' }),
      client.json('POST', '/api/r/profile/update', { crypto: 'p1', crypto2: 'p2', crypto3: 'p3' }),
      client.json('POST', '/api/r/profile/update', { twitter_user: 'ptw', instagram_user: 'pig', youtube_user: 'pyt', tiktok_user: 'ptt' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await row(id)).toMatchObject({
      bio: 'parallel bio',
      crypto: 'p1',
      crypto2: 'p2',
      crypto3: 'p3',
      twitter_user: 'ptw',
      instagram_user: 'pig',
      youtube_user: 'pyt',
      tiktok_user: 'ptt',
      kick_username: 'parallel',
    });
    expect(await events(id)).toHaveLength(3);
  });
});
