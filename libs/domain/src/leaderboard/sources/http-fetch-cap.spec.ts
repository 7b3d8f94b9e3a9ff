import { FloodServer } from '../../../../testing/src/fakes/flood-server';
import { httpGet } from './http-fetch';
import { SourceError, type SourceContext } from './source-adapter';

const MB = 1024 * 1024;

/** A casino API answering far more than a month of players: read up to the cap, then cut off. */
describe('leaderboard source reads are capped in bytes', () => {
  const flood = new FloodServer();
  beforeAll(() => flood.start());
  afterAll(() => flood.stop());

  const ctx = (): SourceContext => ({
    window: { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') },
    config: { retries: 2 },
    credentials: null,
    allowPrivateHosts: true,
    maxAnswerBytes: MB,
    loadManualRows: async () => [],
  });

  it.each([
    ['a chunked answer', false],
    ['a declared Content-Length', true],
  ])('%s over the cap fails the fetch at once with the reason, having read little of it', async (_what, declareLength) => {
    flood.requests = 0;
    flood.written = 0;
    flood.totalBytes = 48 * MB;
    flood.declareLength = declareLength;
    const failure = await httpGet(ctx(), new URL(`${flood.url}/affiliates?key=secret`)).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SourceError);
    expect((failure as SourceError).message).toBe(
      `${flood.url}/affiliates answered more than 1 MB (LEADERBOARD_SOURCE_MAX_BYTES); the rest was not read`,
    );
    // Not retried: the same flood would come again.
    expect(flood.requests).toBe(1);
    expect(flood.written).toBeLessThan(24 * MB);
  });

  it('an answer within the cap is read whole', async () => {
    flood.totalBytes = MB;
    flood.declareLength = false;
    const answer = await httpGet(ctx(), new URL(`${flood.url}/affiliates`));
    expect(answer.text).toHaveLength(MB);
  });
});
