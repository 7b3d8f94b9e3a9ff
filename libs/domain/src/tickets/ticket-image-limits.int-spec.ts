import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_BUSY_MESSAGE } from '@kickback/platform';
import { integrationStack, waitFor, type TestClient } from '@kickback/testing';
import { seedTickets } from './tickets.seed';

/** A grayscale PNG 1 pixel wide and `height` rows tall: a few tens of KB that cost seconds to decode. */
function tallPng(height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(8 + body.length);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc32(body), 4 + body.length);
    return frame;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type, compression, filter and interlace stay 0
  // Each row: filter byte 0 and one gray pixel.
  const rows = Buffer.alloc(height * 2);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const smallPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

describe('uploaded images: checked by their header, decoded in a bounded pool', () => {
  let categoryId: number;

  // One decode at a time in this api, so the pool's bound shows.
  const stack = integrationStack({ env: { IMAGE_DECODE_CONCURRENCY: '1' } });

  beforeAll(async () => {
    await stack.em.fork().transactional((tx) => seedTickets(tx));
    [{ id: categoryId }] = await stack.em.fork().execute<{ id: number }[]>('select id from ticket_categories order by position limit 1');
  });
  afterEach(() => jest.restoreAllMocks());

  async function send(client: TestClient, path: string, fields: Record<string, string>, images: { name: string; data: Buffer }[] = []) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    for (const image of images) body.append('images[]', new Blob([image.data], { type: 'image/png' }), image.name);
    const res = await client.request('POST', path, { body });
    return { status: res.status, body: (await res.json()) as any };
  }
  async function ticketOf(client: TestClient): Promise<number> {
    const res = await send(client, '/api/r/tickets', {
      title: 'Prize missing',
      description: 'My raffle prize never arrived.',
      category_id: String(categoryId),
      priority: 'high',
    });
    expect(res.status).toBe(200);
    return res.body.data.id as number;
  }
  const decodes = () => jest.spyOn(sharp.prototype, 'toBuffer');

  it('a 1×10,000,000 PNG reply image is refused with a 422 from its header, never decoded', async () => {
    const tall = tallPng(10_000_000);
    expect(tall.length).toBeLessThan(100_000);
    const client = await stack.api.signedIn();
    const ticketId = await ticketOf(client);
    const decoded = decodes();
    const res = await send(client, `/api/r/tickets/${ticketId}/reply`, { message: 'see picture' }, [{ name: 'tall.png', data: tall }]);
    expect(res).toEqual({
      status: 422,
      body: expect.objectContaining({
        success: false,
        errors: { images: ['File tall.png is too large (1×10000000 pixels; max 10000 pixels a side and 40 megapixels)'] },
      }),
    });
    expect(decoded).not.toHaveBeenCalled();
  });

  it("one member's images are decoded one at a time, and the pool bounds everyone's together", async () => {
    const [alice, bob] = [await stack.api.signedIn(), await stack.api.signedIn()];
    const [aliceTicket, aliceOther, bobTicket] = [await ticketOf(alice), await ticketOf(alice), await ticketOf(bob)];
    const image = { name: 'shot.png', data: await smallPng() };
    // Decoding waits until released, so the requests overlap for certain.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const original = sharp.prototype.toBuffer;
    const headers = jest.spyOn(sharp.prototype, 'metadata');
    const decoded = decodes().mockImplementation(async function (this: Sharp, ...args: unknown[]) {
      await released;
      return (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    } as never);

    try {
      const first = send(alice, `/api/r/tickets/${aliceTicket}/reply`, { message: 'one' }, [image]);
      await waitFor(async () => decoded.mock.calls.length === 1, 10_000, "alice's first image decoding");
      // Her second reply meanwhile is refused at once, before any decoding.
      let secondAnswer: Awaited<ReturnType<typeof send>> | undefined;
      void send(alice, `/api/r/tickets/${aliceOther}/reply`, { message: 'two' }, [image]).then((a) => (secondAnswer = a));
      await waitFor(async () => secondAnswer !== undefined || decoded.mock.calls.length > 1, 10_000, "alice's second reply");
      expect(decoded).toHaveBeenCalledTimes(1);
      expect(secondAnswer).toEqual({ status: 429, body: expect.objectContaining({ success: false, message: IMAGE_BUSY_MESSAGE }) });
      // Bob waits for the one slot: three headers read (alice's two, bob's), yet only her image is being decoded.
      const third = send(bob, `/api/r/tickets/${bobTicket}/reply`, { message: 'three' }, [image]);
      await waitFor(async () => headers.mock.calls.length === 3, 10_000, "bob's image header read");
      expect(decoded).toHaveBeenCalledTimes(1);
      release();
      expect((await first).status).toBe(200);
      expect((await third).status).toBe(200);
      expect(decoded).toHaveBeenCalledTimes(2);
    } finally {
      release();
    }
  });
});
