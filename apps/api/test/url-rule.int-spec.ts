import { imageRef, webUrl } from '@kickback/contracts';
import { integrationStack } from '@kickback/testing';

/** Values at the edges of the URL rule: what browsers or decoding proxies read differently than they look. */
const LINKS = [
  'https://kick.com',
  'http://localhost:4000/api',
  'https://stake.com/?c=abc&next=%2Fcasino',
  'https:/\\evil.example',
  'https:\\\\evil.example',
  'https://evil.example\\@kick.com',
  'https://kick.com/%2F%2Fevil.example',
  'https://kick.com/a%5cb',
  'HTTPS://kick.com',
  'https:evil.example',
  'javascript:alert(1)',
  'https://kick.com/\t/x',
  'https://kick.com/a b',
  'https://kick.com/a\u00a0b',
  'https://kick.com/%09/evil.example',
];
/** Whitespace and control characters browsers drop or read differently: `/\t/host` loads `//host`. */
const CONTROLS = ['\t', '\n', '\r', '\u0001', '\u001f', ' ', '\u007f', '\u0085', '\u00a0', '\u2028', '\u3000', '\ufeff'];
const IMAGES = [
  '/uploads/abc.webp',
  'https://cdn.example/x.png',
  '/\\host',
  '/%2F%2Fhost',
  '/%2f%2fhost/x.png',
  '/uploads/%5Cx.png',
  '//host/x.png',
  'https:/\\evil.example/x.png',
  'https://cdn.example/a%2Fb.png',
  'http://cdn.example/x.png',
  ...CONTROLS.map((c) => `/${c}/evil.example/x.png`),
  ...CONTROLS.map((c) => `https://cdn.example/x${c}y.png`),
  '/%09/evil.example/x.png',
  '/uploads/%0a.png',
  '/uploads/%7F.png',
];

describe('one URL rule for the schemas and the database', () => {
  const stack = integrationStack({ admin: true });

  beforeAll(async () => {
    // The settings row exists once an admin saved them.
    expect((await stack.admin.json('PUT', '/api/admin/settings', { site_name: 'Kickback' })).status).toBe(200);
  });

  /** Whether the database's check accepts `value` in `column` (the write is rolled back either way). */
  const databaseAccepts = async (column: 'powered_by_url' | 'logo_url', value: string): Promise<boolean> => {
    const fork = stack.em.fork();
    try {
      await fork.transactional(async (tx) => {
        const rows = await tx.execute(`update site_settings set ${column} = ? returning id`, [value]);
        if (rows.length !== 1) throw new Error('no settings row');
        throw new Error('roll back');
      });
    } catch (err) {
      if ((err as Error).message === 'roll back') return true;
      if ((err as { code?: string }).code === '23514') return false;
      throw err;
    }
    return true;
  };

  it('every value the schema accepts, the database accepts; every value the database refuses, the schema refuses', async () => {
    const verdicts = [];
    for (const value of LINKS)
      verdicts.push({ value, schema: webUrl().safeParse(value).success, database: await databaseAccepts('powered_by_url', value) });
    for (const value of IMAGES)
      verdicts.push({ value, schema: imageRef().safeParse(value).success, database: await databaseAccepts('logo_url', value) });
    expect(verdicts.filter((v) => v.schema && !v.database)).toEqual([]);
    // The hostile forms are refused by both.
    const refusedByBoth = verdicts.filter((v) => !v.schema && !v.database).map((v) => v.value);
    expect(refusedByBoth).toEqual(
      expect.arrayContaining([
        'https:/\\evil.example',
        'https://kick.com/%2F%2Fevil.example',
        '/\\host',
        '/%2F%2Fhost',
        '/uploads/%5Cx.png',
        '//host/x.png',
        'https://kick.com/\t/x',
        'https://kick.com/a b',
        'https://kick.com/a\u00a0b',
        'https://kick.com/%09/evil.example',
        ...CONTROLS.map((c) => `/${c}/evil.example/x.png`),
        ...CONTROLS.map((c) => `https://cdn.example/x${c}y.png`),
        '/%09/evil.example/x.png',
        '/uploads/%0a.png',
        '/uploads/%7F.png',
      ]),
    );
    expect(verdicts.filter((v) => v.schema).map((v) => v.value)).toEqual([
      'https://kick.com',
      'http://localhost:4000/api',
      'https://stake.com/?c=abc&next=%2Fcasino',
      '/uploads/abc.webp',
      'https://cdn.example/x.png',
    ]);
  });

  it("the footer link `https:/\\evil.example` is a 422 on the field, not a 500; the admin's image fields refuse `/\\host` and `/%2F%2Fhost`", async () => {
    const footer = await stack.admin.json('PUT', '/api/admin/settings', { powered_by: { label: 'x', url: 'https:/\\evil.example' } });
    expect(footer).toMatchObject({ status: 422, body: { success: false, errors: { 'powered_by.url': ['Must be a full http(s) URL'] } } });
    for (const logo of ['/\\host', '/%2F%2Fhost', '/\t/evil.example/x.png', '/%09/evil.example/x.png']) {
      const res = await stack.admin.json('PUT', '/api/admin/settings', { logo_url: logo });
      expect([logo, res.status, res.body.errors]).toEqual([logo, 422, { logo_url: ['Upload an image or give an https:// address.'] }]);
      const raffle = await stack.admin.json('POST', '/api/admin/raffles', {
        title: 'Image raffle',
        description: 'A prize',
        prize_value_usd: 10,
        start_datetime: new Date(Date.now() - 60_000).toISOString(),
        end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
        number_of_winners: 1,
        image: logo,
      });
      expect([logo, raffle.status, Object.keys(raffle.body.errors ?? {})]).toEqual([logo, 422, ['image']]);
    }
    const settings = (await stack.admin.json('GET', '/api/admin/settings')).body.data;
    expect(settings.powered_by.url).not.toContain('evil');
    expect(settings.logo_url).toBeNull();
  });
});
