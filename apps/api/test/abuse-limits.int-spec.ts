import sharp from 'sharp';
import { greyscalePng, integrationStack, type TestClient } from '@kickback/testing';

const LIMIT_PER_MINUTE = 5;
const TOO_MANY = 'Too many requests. Please slow down and try again shortly.';

const upload = (name: string, type: string, bytes: Buffer | string) => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return form;
};

/** Abuse limits per member (per address when anonymous) and hostile uploads, each proven by a request that crosses the line. */
describe('abuse limits and hostile uploads', () => {
  const stack = integrationStack({ admin: true, env: { RATE_LIMIT_PER_MINUTE: String(LIMIT_PER_MINUTE) } });

  async function statuses(client: TestClient, method: string, path: string, times: number, json: unknown = {}) {
    const answers: { status: number; message: string }[] = [];
    for (let i = 0; i < times; i++) {
      const res = await client.json(method, path, method === 'GET' ? undefined : json);
      answers.push({ status: res.status, message: res.body?.message });
    }
    return answers;
  }

  it('limits redeeming and hunt and tournament predictions per member per minute (RATE_LIMIT_PER_MINUTE), members apart', async () => {
    const [grinder, bystander] = [await stack.api.signedIn(), await stack.api.signedIn()];
    for (const [path, body] of [
      ['/api/r/store/2147483000/redeem', {}],
      ['/api/r/bonus-hunts/2147483000/predict', { end_balance: 10, highest_multiplier: 2, highest_multiplier_game: 'Wanted' }],
      ['/api/r/tournaments/2147483000/predict', { predictions: [{ match_id: 1, winner_name: 'A' }] }],
    ] as const) {
      const answers = await statuses(grinder, 'POST', path, LIMIT_PER_MINUTE + 1, body);
      expect(answers.slice(0, LIMIT_PER_MINUTE).every((a) => a.status === 404)).toBe(true);
      expect(answers.at(-1)).toEqual({ status: 429, message: TOO_MANY });
      expect((await bystander.json('POST', path, body)).status).toBe(404);
    }
  });

  it('limits ticket creation to 10 per member in 10 minutes and captchas to 30 a minute per address', async () => {
    const member = await stack.api.signedIn();
    // The route's own limit replaces the default one (which would refuse the sixth).
    const tickets = await statuses(member, 'POST', '/api/r/tickets', 11);
    expect(tickets.slice(0, 10).every((a) => a.status === 422)).toBe(true);
    expect(tickets[10]).toEqual({ status: 429, message: TOO_MANY });
    const captchas = await statuses(stack.api.client(), 'GET', '/api/r/captcha', 31);
    expect(captchas.slice(0, 30).every((a) => a.status === 200)).toBe(true);
    expect(captchas[30]).toEqual({ status: 429, message: TOO_MANY });
  });

  it('refuses SVG with script, pixel bombs and non-images under an image name; re-encodes polyglots and misnamed images, served as inert WebP', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const refusals = [
      upload('logo.svg', 'image/svg+xml', svg),
      upload('logo.png', 'image/png', svg),
      upload('page.png', 'image/png', '<!doctype html><script>alert(1)</script>'),
      upload('bomb.png', 'image/png', greyscalePng(60_000, 60_000, 1)),
    ];
    for (const form of refusals) {
      const res = await stack.admin.request('POST', '/api/admin/uploads', { body: form });
      const body = (await res.json()) as { success: boolean; message: string };
      expect({ status: res.status, success: body.success, message: body.message }).toMatchObject({
        status: 422,
        success: false,
        // The bomb is refused by the dimensions its header declares, before any decode.
        message: expect.stringMatching(/(is not an image|is too large \(60000×60000 pixels; .*\))$/),
      });
    }

    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    for (const form of [upload('polyglot.png', 'image/png', polyglot), upload('photo.html', 'text/html', png)]) {
      const res = await stack.admin.request('POST', '/api/admin/uploads', { body: form });
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as { data: { url: string } };
      expect(data.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      const served = await fetch(stack.api.url + data.url);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.includes('<script')).toBe(false);
      expect((await sharp(bytes).metadata()).format).toBe('webp');
    }
  });
});
