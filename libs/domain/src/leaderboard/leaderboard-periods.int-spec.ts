import { LEADERBOARD_PAGE_CACHE_KEY } from '@kickback/contracts';
import { integrationStack, waitFor } from '@kickback/testing';
import { LeaderboardRefreshService } from './leaderboard-refresh.service';
import { LEADERBOARD_CACHE_KEYS } from './leaderboard-cache-keys';
import { loadStandings, manualEntries, replaceManualEntries } from './leaderboard-standings.repository';
import { centsToDecimal, toCents } from './decimal-amount';
import { rankWagers } from './ranking';

/** Manual CSV import, period rollover with archive, browsable periods, and the worker's scheduled refresh. */
describe('leaderboard periods, import and worker (real PostgreSQL + Redis)', () => {
  let refresher: LeaderboardRefreshService;

  const stack = integrationStack({ admin: true });

  beforeAll(async () => {
    refresher = stack.api.app.get(LeaderboardRefreshService);
  });

  async function manualPlatform(slug: string, extra: Record<string, unknown> = {}) {
    const res = await stack.admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: `Board ${slug}`,
      slug,
      currency_symbol: '€',
      source_type: 'manual_csv',
      period_type: 'monthly',
      prizes: [100, 50, 25, 10],
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: number };
  }

  it('previews a CSV without storing, then imports it, ranks it and masks names publicly', async () => {
    const platform = await manualPlatform('manual-one', { excluded_usernames: ['TheStreamer'] });
    const csv = 'username,wagered\nAlice,"1,500.00"\nbob,200\ncarol,200\nthestreamer,99999\ndave,10.5\neve,3\n';
    const preview = await stack.admin.json('POST', '/api/admin/leaderboard/platforms/import-preview', { csv });
    expect(preview.body.data).toMatchObject({ total_rows: 6, errors: [] });
    expect((await stack.em.fork().execute('select 1 from leaderboard_manual_entries')).length).toBe(0);

    const bad = await stack.admin.json('POST', `/api/admin/leaderboard/platforms/${platform.id}/import`, { csv: 'alice,lots\n' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.csv).toEqual(['Line 1: "lots" is not a wagered amount.']);

    const imported = await stack.admin.json('POST', `/api/admin/leaderboard/platforms/${platform.id}/import`, { csv });
    expect(imported.status).toBe(201);
    const { body } = await stack.api.client().json('GET', '/api/r/leaderboard');
    const board = body.data.all_leaderboards['manual-one'];
    expect(board.currency_symbol).toBe('€');
    expect(board.top_three.map((p: { username: string; wagered: number }) => [p.username, p.wagered])).toEqual([
      ['Al***', 1500],
      ['bo***', 200],
      ['ca***', 200],
    ]);
    expect(board.rest_of_users.map((p: { displayName: string }) => p.displayName)).toEqual(['da***', 'ev***']);
    // The page-injected copy is the same SPEC §3 object.
    expect(JSON.parse((await stack.redis.get(LEADERBOARD_PAGE_CACHE_KEY))!)).toEqual(body.data);
    const audit = await stack.em
      .fork()
      .execute(`select 1 from audit_logs where action = 'leaderboard.import' and entity_id = ?`, [String(platform.id)]);
    expect(audit).toHaveLength(1);
  });

  it('imports a large CSV sent as text/csv (above the JSON body limit) and refuses one over 10 MB with 413', async () => {
    const platform = await manualPlatform('big-import');
    const postCsv = (path: string, csv: string) =>
      fetch(new URL(path, stack.api.url), {
        method: 'POST',
        headers: {
          'content-type': 'text/csv',
          cookie: stack.admin.cookieHeader,
          'x-csrf-token': stack.admin.csrfToken!,
          origin: stack.api.url,
        },
        body: csv,
      });
    const rows = Array.from({ length: 60_000 }, (_, i) => `player_${i},${(i % 977) + 1}.25`).join('\n');
    const res = await postCsv(`/api/admin/leaderboard/platforms/${platform.id}/import`, `username,wagered\n${rows}\n`);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: { total_rows: number } }).data.total_rows).toBe(60_000);
    const periods = (await stack.api.client().json('GET', '/api/r/leaderboard/big-import/periods')).body.data.periods;
    expect(periods[0].entry_count).toBe(60_000);
    const huge = await postCsv('/api/admin/leaderboard/platforms/import-preview', 'x'.repeat(10 * 1024 * 1024 + 10));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ success: false, message: 'The CSV is larger than 10 MB.' });
  });

  it('rollover archives the finished period with its final standings and starts an empty new one', async () => {
    const platform = await manualPlatform('roll');
    await stack.admin.json('POST', `/api/admin/leaderboard/platforms/${platform.id}/import`, { csv: 'zoe,300\nyan,200\nxia,100\n' });
    const before = (await stack.admin.json('GET', '/api/r/leaderboard/roll/periods')).body.data.periods;
    expect(before).toHaveLength(1);
    const nextMonth = new Date(before[0].endTimestamp + 60_000);

    const outcome = await refresher.refresh(platform.id, 'schedule', nextMonth);
    expect(outcome).toMatchObject({ status: 'updated', archived: [before[0].id] });

    const periods = (await stack.api.client().json('GET', '/api/r/leaderboard/roll/periods')).body.data.periods;
    expect(periods.map((p: { status: string; entry_count: number }) => [p.status, p.entry_count])).toEqual([
      ['current', 0],
      ['archived', 3],
    ]);
    expect(periods[0].start).toBe(before[0].end);
    // Prizes changed after the rollover belong to the new period; the archived one keeps its own.
    await stack.admin.json('PUT', `/api/admin/leaderboard/platforms/${platform.id}`, { prizes: [5] });
    const archived = await stack.api.client().json('GET', `/api/r/leaderboard/roll/periods/${before[0].id}`);
    expect(archived.body.data.board.top_three.map((p: { wagered: number }) => p.wagered)).toEqual([300, 200, 100]);
    expect(archived.body.data.board.prizes).toEqual([100, 50, 25, 10]);
    const current = (await stack.api.client().json('GET', '/api/r/leaderboard')).body.data.all_leaderboards.roll;
    expect(current.top_three).toEqual([]);
    expect(current.current_period.start).toBe(before[0].end);

    // Running the same moment again changes nothing: one current period per platform.
    expect((await refresher.refresh(platform.id, 'schedule', nextMonth)).archived).toEqual([]);
    const [{ n }] = await stack.em
      .fork()
      .execute<{ n: string }[]>(`select count(*)::text as n from leaderboard_periods where platform_id = ? and status = 'current'`, [
        platform.id,
      ]);
    expect(n).toBe('1');
  });

  it("a period's prizes skip a member on a break from gambling content: unranked, the ranks below move up", async () => {
    const platform = await manualPlatform('rested', { prizes: [100, 50, 25], mask_usernames: false });
    await stack.admin.json('POST', `/api/admin/leaderboard/platforms/${platform.id}/import`, {
      csv: 'zoe,400\nYan,300\nxia,200\nwes,100\n',
    });
    const resting = await stack.member();
    await stack.em.fork().execute(`update users set crypto2 = 'yan' where id = ?`, [resting.id]);
    expect((await resting.client.json('POST', '/api/r/safety/break', { period: '30d', confirm: true })).status).toBe(201);
    const [period] = (await stack.admin.json('GET', '/api/r/leaderboard/rested/periods')).body.data.periods;

    await refresher.refresh(platform.id, 'schedule', new Date(period.endTimestamp + 60_000));
    const prizes = await stack.em
      .fork()
      .execute<{ position: number; winner_name: string; prize: string }[]>(
        'select position, winner_name, prize from prize_winners where subject_id = ? and source = ? order by position',
        [period.id, 'leaderboard'],
      );
    expect(prizes.map((p) => [p.position, p.winner_name, p.prize])).toEqual([
      [1, 'zoe', '€100.00'],
      [2, 'xia', '€50.00'],
      [3, 'wes', '€25.00'],
    ]);
  });

  // Names the array texts must quote and escape, and totals past 2^53 cents. With a control character the usernames are
  // bound as an array instead of sent as the literal built by JSON.stringify, so both ways are checked.
  it.each([
    ['quotes, backslashes, braces, commas, NULL, astral characters', ['quo"te', 'back\\slash', '{brace}', 'a,b', 'NULL', ' \u{1F600} ']],
    ['control characters', ['tab\tname', 'line\nbreak', 'bell\u0007', '\u001fsep', 'back\\nslash']],
  ])('reads and stores usernames exactly: %s', async (_, names) => {
    const platform = await manualPlatform(`odd-${names.length}`);
    await refresher.refresh(platform.id, 'manual');
    const [{ id }] = await stack.em
      .fork()
      .execute<{ id: string }[]>(`select id from leaderboard_periods where platform_id = ? and status = 'current'`, [platform.id]);
    const amounts = ['9999999999999999.99', '90071992547409.92', '90071992547409.91', '5.00', '5.00', '5.00', '0.01'];
    const entries = names.map((username, i) => ({ username, wagered: amounts[i] }));
    await stack.em.fork().transactional((tx) => replaceManualEntries(tx, Number(id), entries));

    const read = await manualEntries(stack.em.fork(), Number(id));
    expect(read.map((r) => [r.username, centsToDecimal(r.cents)]).sort()).toEqual(entries.map((e) => [e.username, e.wagered]).sort());
    expect(await refresher.refresh(platform.id, 'manual')).toMatchObject({ status: 'updated' });
    const ranked = rankWagers(entries.map((e) => ({ username: e.username, cents: toCents(e.wagered) })));
    expect(await loadStandings(stack.em.fork(), Number(id), 100)).toEqual(
      ranked.map((r) => ({ username: r.username, wagered: r.wagered })),
    );
  });

  it('concurrent refreshes of one platform never overlap (one runs, the others report busy)', async () => {
    const platform = await manualPlatform('busy');
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => refresher.refresh(platform.id, 'manual')));
    expect(outcomes.filter((o) => o.status === 'updated')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'busy')).toHaveLength(4);
  });

  it('unknown boards and periods answer 404 in the envelope; inactive platforms are hidden', async () => {
    const platform = await manualPlatform('hidden');
    await stack.admin.json('PUT', `/api/admin/leaderboard/platforms/${platform.id}`, { is_active: false });
    const data = (await stack.api.client().json('GET', '/api/r/leaderboard')).body.data;
    expect(data.platforms.map((p: { slug: string }) => p.slug)).not.toContain('hidden');
    expect(await stack.api.client().json('GET', '/api/r/leaderboard/hidden/periods')).toMatchObject({
      status: 404,
      body: { success: false, message: 'Leaderboard not found.' },
    });
    expect((await stack.api.client().json('GET', '/api/r/leaderboard/roll/periods/999999')).status).toBe(404);
    // Path ids that cannot name a row (text, beyond PostgreSQL's integer) are the same 404, never a database error.
    for (const bad of ['abc', '2147483648', '1e20'])
      expect(await stack.api.client().json('GET', `/api/r/leaderboard/roll/periods/${bad}`)).toMatchObject({
        status: 404,
        body: { success: false, message: 'Period not found.' },
      });
  });

  it('the worker schedules a created platform, refreshes it, and refreshes again after an admin change', async () => {
    await stack.processes.worker();
    const platform = await manualPlatform('worker-made');
    const scheduledRuns = async () =>
      (await stack.admin.json('GET', `/api/admin/leaderboard/platforms/${platform.id}/fetches`)).body.data.filter(
        (f: { trigger: string; ok: boolean }) => f.trigger === 'schedule' && f.ok,
      ).length;
    await waitFor(async () => (await scheduledRuns()) >= 1, 15_000, 'the first scheduled refresh');
    await stack.em.fork().execute(
      `insert into leaderboard_manual_entries (period_id, username, wagered)
       select id, 'scheduledPlayer', 42.42 from leaderboard_periods where platform_id = ? and status = 'current'`,
      [platform.id],
    );
    await stack.admin.json('PUT', `/api/admin/leaderboard/platforms/${platform.id}`, { prizes: [75] });
    const board = await waitFor(
      async () => {
        const b = (await stack.api.client().json('GET', '/api/r/leaderboard')).body.data.all_leaderboards['worker-made'];
        return b?.top_three?.length ? b : null;
      },
      15_000,
      'the refresh after the change',
    );
    expect(board.top_three[0]).toMatchObject({ wagered: 42.42 });
    expect(board.prizes).toEqual([75]);
  });

  it('a refresh after an admin change that meets another refresh under way waits for it instead of giving up', async () => {
    await stack.processes.worker();
    const platform = await manualPlatform('busy-board', { refresh_interval_seconds: 86_400 });
    const fetches = async () => (await stack.admin.json('GET', `/api/admin/leaderboard/platforms/${platform.id}/fetches`)).body.data.length;
    await waitFor(async () => (await fetches()) >= 1, 15_000, 'the first refresh');
    // Another refresh holds the platform's lock, as one started just before the change would.
    await stack.redis.set(LEADERBOARD_CACHE_KEYS.refreshLock(platform.id), 'someone-else', 'PX', 60_000);
    await stack.em.fork().execute(
      `insert into leaderboard_manual_entries (period_id, username, wagered)
       select id, 'latePlayer', 7.5 from leaderboard_periods where platform_id = ? and status = 'current'`,
      [platform.id],
    );
    await stack.admin.json('PUT', `/api/admin/leaderboard/platforms/${platform.id}`, { prizes: [80] });
    const board = async () => (await stack.api.client().json('GET', '/api/r/leaderboard')).body.data.all_leaderboards['busy-board'];
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await board()).top_three).toEqual([]);

    await stack.redis.del(LEADERBOARD_CACHE_KEYS.refreshLock(platform.id));
    const updated = await waitFor(async () => ((await board()).top_three.length ? board() : null), 20_000, 'the retried refresh');
    expect(updated.top_three[0]).toMatchObject({ wagered: 7.5 });
    expect(updated.prizes).toEqual([80]);
  });
});
