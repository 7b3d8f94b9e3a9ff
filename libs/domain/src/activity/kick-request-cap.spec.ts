import { AnswerTooLarge } from '@kickback/platform';
import { FloodServer } from '../../../testing/src/fakes/flood-server';
import { kickRequest } from './kick-request';

const MB = 1024 * 1024;

/** A Kick answer is a few KB; a broken one is read up to the cap and no further. */
describe('Kick answers are capped in bytes', () => {
  const flood = new FloodServer();
  beforeAll(() => flood.start());
  afterAll(() => flood.stop());

  it('reading past the cap rejects with AnswerTooLarge and the rest is never fetched', async () => {
    flood.totalBytes = 48 * MB;
    const res = await kickRequest(`${flood.url}/public/v1/users`, { maxAnswerBytes: 64 * 1024 });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toBeInstanceOf(AnswerTooLarge);
    expect(flood.written).toBeLessThan(24 * MB);
  });

  it('the default cap is 1 MB: an answer within it reads whole', async () => {
    flood.totalBytes = 512 * 1024;
    const res = await kickRequest(`${flood.url}/public/v1/users`);
    expect(await res.text()).toHaveLength(512 * 1024);
    flood.totalBytes = 2 * MB;
    await expect((await kickRequest(`${flood.url}/public/v1/users`)).json()).rejects.toBeInstanceOf(AnswerTooLarge);
  });
});
