import { EntityManager } from '@mikro-orm/postgresql';
import { createTestStack, createUser, type RunningApi, type TestClient, type TestStack } from '@kickback/testing';

const GB_ADDRESS = '81.2.69.142';
const US_ADDRESS = '8.8.8.8';

/** window.__APP__ as the server wrote it into a page. */
async function pageData(client: TestClient, headers: Record<string, string> = {}) {
  const html = await (await client.get('/', headers)).text();
  const json = /window\.__APP__\s*=\s*(\{.*?\});?\s*<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no page data in the page');
  return JSON.parse(json) as { affiliates: { name: string }[]; leaderboard: { platforms: { slug: string }[] } | null; safety: any };
}

/**
 * Offers follow the viewer (docs/responsible-gambling.md): the age gate answered "Yes", and each affiliate's and
 * board's country rule, by the configured proxy header or by the bundled country database. A hidden offer is in no
 * answer: not the API's, not the page's.
 */
describe('offers that follow the viewer', () => {
  let stack: TestStack;
  let byHeader: RunningApi;
  let byDatabase: RunningApi;
  let admin: TestClient;
  let em: EntityManager;
  /** A race on each board, by the board's slug. */
  const races: Record<string, number> = {};

  beforeAll(async () => {
    stack = await createTestStack();
    byHeader = await stack.api({ COUNTRY_HEADER: 'cf-ipcountry' });
    byDatabase = await stack.api({ TRUST_PROXY: true });
    em = byHeader.app.get(EntityManager);
    admin = await byHeader.signedIn({ role: 'Admin' });
    const affiliate = (name: string, countries: unknown) =>
      admin.json('POST', '/api/admin/affiliates', { name, redirect_url: 'https://casino.example/r', code: name.toUpperCase(), countries });
    expect((await affiliate('Everywhere', { mode: 'everywhere' })).status).toBe(201);
    expect((await affiliate('NotInGb', { mode: 'except', countries: ['gb'] })).status).toBe(201);
    expect((await affiliate('OnlyUs', { mode: 'only', countries: ['US'] })).status).toBe(201);
    for (const [slug, countries] of [
      ['open-board', { mode: 'everywhere' }],
      ['no-gb-board', { mode: 'except', countries: ['GB', 'DE'] }],
    ] as const) {
      const res = await admin.json('POST', '/api/admin/leaderboard/platforms', {
        name: slug,
        slug,
        currency_symbol: '$',
        source_type: 'manual_csv',
        period_type: 'monthly',
        countries,
      });
      expect(res.status).toBe(201);
      const race = await admin.json('POST', '/api/admin/races', {
        platform_id: res.body.data.id,
        title: `Race on ${slug}`,
        starts_at: new Date(Date.now() + 3600_000).toISOString(),
        ends_at: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
        prizes: [{ amount: 100, currency: '$' }],
      });
      expect(race.status).toBe(201);
      races[slug] = race.body.data.id;
    }
  });
  afterAll(() => stack.close());

  const names = (list: { name: string }[]) => list.map((a) => a.name);
  /** A browser whose viewer answered "Yes" where `headers` place them (21 in the US, as the seeded rows ask). */
  const confirmedIn = async (api: RunningApi, headers: Record<string, string>) => {
    const client = api.client().forgetAgeAnswer();
    await client.refreshCsrf();
    const res = await client.request('POST', '/api/r/safety/age', { json: { answer: 'yes' }, headers });
    expect(((await res.json()) as any).data.gate).toBe('confirmed');
    return client;
  };
  /** The titles of the races in GET /api/r/races, whatever their status. */
  const raceTitles = async (client: TestClient, headers: Record<string, string> = {}) => {
    const data = ((await (await client.request('GET', '/api/r/races', { headers })).json()) as any).data;
    return [...data.upcoming, ...data.live, ...data.finished].map((r: { title: string }) => r.title).sort();
  };
  const raceStatus = async (client: TestClient, slug: string, headers: Record<string, string> = {}) =>
    (await client.request('GET', `/api/r/races/${races[slug]}`, { headers })).status;
  const boards = async (client: TestClient, headers: Record<string, string>) => {
    const res = await client.request('GET', '/api/r/leaderboard', { headers });
    return Object.keys(((await res.json()) as any).data.all_leaderboards);
  };

  it('a country rule is refused unless it names countries, and is kept as sorted upper-case codes', async () => {
    const bad = await admin.json('POST', '/api/admin/affiliates', {
      name: 'x',
      redirect_url: 'https://casino.example',
      code: 'X',
      countries: { mode: 'only', countries: [] },
    });
    expect(bad).toMatchObject({ status: 422, body: { success: false, errors: { 'countries.countries': ['List at least one country'] } } });
    const junk = await admin.json('POST', '/api/admin/affiliates', {
      name: 'x',
      redirect_url: 'https://casino.example',
      code: 'X',
      countries: { mode: 'only', countries: ['United Kingdom'] },
    });
    expect(junk.status).toBe(422);
    const listed = (await admin.json('GET', '/api/admin/affiliates')).body.data as { name: string; countries: unknown }[];
    expect(listed.find((a) => a.name === 'NotInGb')?.countries).toEqual({ mode: 'except', countries: ['GB'] });
  });

  it('by the proxy header: a GB viewer never receives the offers hidden in GB, in the API or the page', async () => {
    const gb = { 'cf-ipcountry': 'GB' };
    const viewer = byHeader.client();
    expect(names((await viewer.request('GET', '/api/r/affiliates', { headers: gb }).then((r) => r.json() as Promise<any>)).data)).toEqual([
      'Everywhere',
    ]);
    expect(await boards(viewer, gb)).toEqual(['open-board']);
    expect((await viewer.request('GET', '/api/r/leaderboard/no-gb-board/periods', { headers: gb })).status).toBe(404);
    const page = await pageData(viewer, gb);
    expect(names(page.affiliates)).toEqual(['Everywhere']);
    expect(page.leaderboard?.platforms.map((p) => p.slug)).toEqual(['open-board']);
    expect(JSON.stringify(page)).not.toMatch(/NotInGb|OnlyUs|no-gb-board/);
    // A hidden board's races are hidden with it: not in the list, and their pages are not found.
    expect(await raceTitles(viewer, gb)).toEqual(['Race on open-board']);
    expect(await raceStatus(viewer, 'no-gb-board', gb)).toBe(404);
    expect(await raceStatus(viewer, 'open-board', gb)).toBe(200);

    const us = { 'cf-ipcountry': 'US' };
    const american = await confirmedIn(byHeader, us);
    expect(names((await american.request('GET', '/api/r/affiliates', { headers: us }).then((r) => r.json() as Promise<any>)).data)).toEqual(
      ['Everywhere', 'NotInGb', 'OnlyUs'],
    );
    expect(await boards(american, us)).toEqual(['open-board', 'no-gb-board']);
    expect((await american.request('GET', '/api/r/leaderboard/no-gb-board/periods', { headers: us })).status).toBe(200);
    expect(await raceTitles(american, us)).toEqual(['Race on no-gb-board', 'Race on open-board']);
    expect(await raceStatus(american, 'no-gb-board', us)).toBe(200);
  });

  it('by the country database: the address decides, and an allow-list offer never reaches an unknown country', async () => {
    const viewer = byDatabase.client();
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    expect(
      names((await viewer.request('GET', '/api/r/affiliates', { headers: from(GB_ADDRESS) }).then((r) => r.json() as Promise<any>)).data),
    ).toEqual(['Everywhere']);
    expect(await boards(viewer, from(GB_ADDRESS))).toEqual(['open-board']);
    expect(await raceTitles(viewer, from(GB_ADDRESS))).toEqual(['Race on open-board']);
    expect(await raceStatus(viewer, 'no-gb-board', from(GB_ADDRESS))).toBe(404);
    const page = await pageData(viewer, from(GB_ADDRESS));
    expect(page.safety.country).toBe('GB');
    expect(JSON.stringify(page)).not.toMatch(/NotInGb|OnlyUs|no-gb-board/);
    const american = await confirmedIn(byDatabase, from(US_ADDRESS));
    expect(
      names((await american.request('GET', '/api/r/affiliates', { headers: from(US_ADDRESS) }).then((r) => r.json() as Promise<any>)).data),
    ).toEqual(['Everywhere', 'NotInGb', 'OnlyUs']);
    expect(await raceTitles(american, from(US_ADDRESS))).toEqual(['Race on no-gb-board', 'Race on open-board']);
    // A private address has no country: "only" lists stay hidden, "except" lists are shown.
    expect(names((await viewer.request('GET', '/api/r/affiliates').then((r) => r.json() as Promise<any>)).data)).toEqual([
      'Everywhere',
      'NotInGb',
    ]);
  });

  it('a viewer who has not answered the age question, or answered "No", gets no offer anywhere, only the help link', async () => {
    const viewer = byHeader.client().forgetAgeAnswer();
    const us = { 'cf-ipcountry': 'US' };
    const unanswered = (await viewer.request('GET', '/api/r/safety', { headers: us }).then((r) => r.json() as Promise<any>)).data;
    expect(unanswered).toMatchObject({ country: 'US', min_age: 21, gate: 'unanswered', offers: false, help: { name: '1-800-GAMBLER' } });
    expect((await viewer.request('GET', '/api/r/affiliates', { headers: us }).then((r) => r.json() as Promise<any>)).data).toEqual([]);
    expect(await boards(viewer, us)).toEqual([]);
    expect(await raceTitles(viewer, us)).toEqual([]);
    expect(await raceStatus(viewer, 'open-board', us)).toBe(404);

    await viewer.refreshCsrf();
    const no = await viewer.request('POST', '/api/r/safety/age', { json: { answer: 'no' }, headers: us });
    expect(no.status).toBe(200);
    expect(((await no.json()) as any).data).toMatchObject({ gate: 'declined', offers: false });
    const page = await pageData(viewer, us);
    expect(page).toMatchObject({
      affiliates: [],
      leaderboard: null,
      safety: { gate: 'declined', help: { url: 'https://www.1800gambler.net' } },
    });
    expect((await viewer.request('GET', '/api/r/bonus-hunts/current', { headers: us })).status).toBe(403);
    expect((await viewer.request('GET', '/api/r/leaderboard/open-board/periods', { headers: us })).status).toBe(404);
    expect(await raceTitles(viewer, us)).toEqual([]);
    expect(await raceStatus(viewer, 'open-board', us)).toBe(404);

    // 18 is not enough where the admin asks 21; the same browser is asked again there.
    const eighteen = byHeader.client();
    expect((await eighteen.request('GET', '/api/r/safety', { headers: us }).then((r) => r.json() as Promise<any>)).data.gate).toBe(
      'unanswered',
    );
    expect(
      (await eighteen.request('GET', '/api/r/safety', { headers: { 'cf-ipcountry': 'GB' } }).then((r) => r.json() as Promise<any>)).data
        .gate,
    ).toBe('confirmed');
  });

  it('a member\'s "Yes" is kept on the account with its time, so no other browser asks them again', async () => {
    const member = await createUser(em);
    const first = byHeader.client().forgetAgeAnswer();
    await first.loginAs(member.id);
    expect((await first.json('POST', '/api/r/safety/age', { answer: 'maybe' })).status).toBe(422);
    expect((await first.json('POST', '/api/r/safety/age', { answer: 'yes', extra: 1 })).status).toBe(422);
    const yes = await first.json('POST', '/api/r/safety/age', { answer: 'yes' });
    expect(yes.body.data).toMatchObject({ gate: 'confirmed', offers: true });
    const [row] = await em.fork().execute('select age_confirmed_at, age_confirmed_min from users where id = ?', [member.id]);
    expect(row.age_confirmed_min).toBe(18);
    expect(row.age_confirmed_at).not.toBeNull();

    const second = byHeader.client().forgetAgeAnswer();
    await second.loginAs(member.id);
    expect((await second.json('GET', '/api/r/safety')).body.data).toMatchObject({ gate: 'confirmed', offers: true });
    expect(names((await second.json('GET', '/api/r/affiliates')).body.data)).toContain('Everywhere');
  });
});
