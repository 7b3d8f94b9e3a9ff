import { integrationStack } from '@kickback/testing';

describe('slot catalogue: facts, admin edits and file import (real PostgreSQL)', () => {
  const stack = integrationStack({ admin: true });

  const tag = () => Math.random().toString(36).slice(2, 7);

  async function send(path: string, body: string) {
    const res = await stack.admin.request('POST', path, { body, headers: { 'content-type': 'text/plain' } });
    return { status: res.status, body: (await res.json()) as any };
  }
  const dryRun = (format: string, body: string) => send(`/api/admin/slots/import/dry-run?format=${format}`, body);
  const apply = (format: string, body: string) => send(`/api/admin/slots/import?format=${format}`, body);
  const slotCount = async (provider: string) =>
    Number(
      (
        await stack.em
          .fork()
          .execute<{ n: string }[]>('select count(*) as n from slots s join slot_providers p on p.id = s.provider_id where p.name = ?', [
            provider,
          ])
      )[0]!.n,
    );

  it('5,000 slots: dry run writes nothing, apply adds them, re-apply changes nothing, a changed row changes only its slot', async () => {
    const t = tag();
    const providers = [`Prov A ${t}`, `Prov B ${t}`];
    const header = 'Name,Provider,RTP,Volatility,Max_Win_X,Release_Date,Features,Themes';
    const line = (i: number, rtp = '96.5|94.1') =>
      `Slot ${i} ${t},${providers[i % 2]},${rtp},${i % 3 ? 'high' : 'Very High'},${1000 + i},2024-01-${String((i % 28) + 1).padStart(2, '0')},free spins|buy bonus,"fruit|ancient"`;
    const rows = Array.from({ length: 5000 }, (_, i) => line(i));
    const file = [header, ...rows].join('\n');

    const preview = await dryRun('csv', file);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      rows_read: 5000,
      created: { count: 5000 },
      changed: { count: 0 },
      unchanged: 0,
      new_providers: { count: 2, names: providers },
      duplicates: { count: 0 },
      invalid: { count: 0 },
    });
    expect(preview.body.data.created.rows).toHaveLength(50);
    expect(await slotCount(providers[0]!)).toBe(0);

    const applied = await apply('csv', file);
    expect(applied.status).toBe(200);
    expect(applied.body.data).toEqual({ created: 5000, changed: 0, unchanged: 0, new_providers: 2 });
    expect((await slotCount(providers[0]!)) + (await slotCount(providers[1]!))).toBe(5000);

    const search = await stack.admin.json('GET', `/api/admin/slots?search=${encodeURIComponent(`slot 7 ${t}`)}`);
    expect(search.body.data[0]).toEqual({
      id: expect.any(Number),
      name: `Slot 7 ${t}`,
      provider: { id: expect.any(Number), name: providers[1] },
      image_url: null,
      rtp: [96.5, 94.1],
      volatility: 'high',
      max_win_x: 1007,
      release_date: '2024-01-08',
      features: ['free spins', 'buy bonus'],
      themes: ['fruit', 'ancient'],
    });

    const again = await apply('csv', file);
    expect(again.body.data).toEqual({ created: 0, changed: 0, unchanged: 5000, new_providers: 0 });
    expect(again.body.message).toMatch(/nothing changed/);

    // One row's RTP corrected, in another case of its name: the same slot, one changed field.
    const corrected = [header, ...rows.slice(0, 10), line(10, '96.71').toUpperCase().replace('HIGH', 'high')].join('\n');
    const changedPreview = await dryRun('csv', corrected);
    expect(changedPreview.body.data.changed).toEqual({
      count: 1,
      rows: [
        {
          line: 12,
          name: `SLOT 10 ${t.toUpperCase()}`,
          provider: providers[0]!.toUpperCase(),
          fields: expect.arrayContaining(['name', 'rtp']),
        },
      ],
    });
    const changedApply = await apply('csv', corrected);
    expect(changedApply.body.data).toMatchObject({ created: 0, changed: 1, unchanged: 10 });
    expect(await slotCount(providers[0]!)).toBe(2500);
  }, 120_000);

  it('JSON files: a missing key keeps the fact, null clears it; invalid and duplicate rows are listed and skipped', async () => {
    const t = tag();
    const provider = `Json Prov ${t}`;
    const first = JSON.stringify([
      { name: `Gems ${t}`, provider, rtp: 96.2, volatility: 'medium', max_win_x: '5,000x', features: ['free spins'] },
      { name: `gems ${t}`, provider: provider.toUpperCase(), rtp: 90 },
      { name: `Bad ${t}`, provider, rtp: [101] },
      { name: '', provider },
      { name: `Dated ${t}`, provider, release_date: '2023-02-30' },
    ]);
    const preview = await dryRun('json', first);
    expect(preview.body.data).toMatchObject({
      rows_read: 5,
      created: { count: 1 },
      duplicates: { count: 1, rows: [{ line: 2, name: `gems ${t}` }] },
      invalid: {
        count: 3,
        rows: [
          { line: 3, message: 'rtp: An RTP is a percentage between 50 and 100 with at most two decimals.' },
          { line: 4, message: 'name: The slot name is required.' },
          { line: 5, message: 'release_date: The release date is a date (YYYY-MM-DD).' },
        ],
      },
    });
    expect((await apply('json', first)).body.data).toEqual({ created: 1, changed: 0, unchanged: 0, new_providers: 1 });

    const second = JSON.stringify([{ name: `Gems ${t}`, provider, volatility: null, themes: ['gems'] }]);
    expect((await apply('json', second)).body.data).toEqual({ created: 0, changed: 1, unchanged: 0, new_providers: 0 });
    const [slot] = (await stack.admin.json('GET', `/api/admin/slots?search=${encodeURIComponent(`gems ${t}`)}`)).body.data;
    expect(slot).toMatchObject({ rtp: [96.2], volatility: null, max_win_x: 5000, features: ['free spins'], themes: ['gems'] });
  });

  it('refuses files it cannot read with 422 in the envelope', async () => {
    expect(await dryRun('json', '{"slots": []}')).toMatchObject({
      status: 422,
      body: { success: false, errors: { file: [expect.any(String)] } },
    });
    expect(await dryRun('csv', 'title,maker\nx,y')).toMatchObject({
      status: 422,
      body: { success: false, message: 'The file\'s header has no "name" or "provider" column.' },
    });
    expect(await dryRun('xml', 'a')).toMatchObject({ status: 422, body: { success: false, errors: { format: ['Choose CSV or JSON'] } } });
  });

  it('admins add and edit one slot; a second slot of the same name and provider is a conflict', async () => {
    const t = tag();
    const created = await stack.admin.json('POST', '/api/admin/slots', {
      name: `Solo ${t}`,
      provider_name: `Solo Prov ${t}`,
      rtp: ['96.00', 94],
    });
    expect(created.body).toMatchObject({ success: true, data: { name: `Solo ${t}`, rtp: [96, 94], volatility: null, features: [] } });
    const id = created.body.data.id as number;
    const edited = await stack.admin.json('PUT', `/api/admin/slots/${id}`, {
      volatility: 'low',
      max_win_x: 2500,
      release_date: '2022-05-01',
    });
    expect(edited.body.data).toMatchObject({
      name: `Solo ${t}`,
      rtp: [96, 94],
      volatility: 'low',
      max_win_x: 2500,
      release_date: '2022-05-01',
    });
    const twin = await stack.admin.json('POST', '/api/admin/slots', { name: `SOLO ${t}`, provider_name: `solo prov ${t}` });
    expect(twin.status).toBe(409);
    const bad = await stack.admin.json('PUT', `/api/admin/slots/${id}`, { rtp: [40], volatility: 'wild' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['rtp.0', 'volatility']);
  });
});
