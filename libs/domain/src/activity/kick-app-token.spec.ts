import type { AppConfig } from '@kickback/platform';
import { FakeKickServer } from '@kickback/testing';
import { KickAppClient } from './kick-app.client';

const CLIENT = 'app-token-client';
const SECRET = 'app-token-secret';
const MINUTE = 60_000;

/** The app's own token (client_credentials) is kept until shortly before it expires, whatever Kick says it lasts. */
describe("the app token's lifetime", () => {
  const kick = new FakeKickServer(CLIENT, SECRET);
  let clock = Date.parse('2026-11-29T06:00:00Z');
  let now: jest.SpyInstance;

  const client = () =>
    new KickAppClient({
      env: { KICK_API_URL: kick.url, KICK_AUTH_URL: kick.url, KICK_CLIENT_ID: CLIENT, KICK_CLIENT_SECRET: SECRET },
    } as unknown as AppConfig);
  const appTokenRequests = () => kick.tokenRequests.filter((form) => form.grant_type === 'client_credentials').length;

  beforeAll(async () => {
    await kick.start();
    now = jest.spyOn(Date, 'now').mockImplementation(() => clock);
  });
  afterAll(async () => {
    now.mockRestore();
    await kick.stop();
  });

  it.each([
    ['""', ''],
    ['a number of seconds', 3600],
  ] as const)('with expires_in %s the token is reused for most of an hour, then renewed', async (_, expiresIn) => {
    kick.appTokenTtlSeconds = expiresIn;
    const app = client();
    const before = appTokenRequests();
    await app.list();
    expect(appTokenRequests()).toBe(before + 1);
    clock += 30 * MINUTE;
    await app.list();
    expect(appTokenRequests()).toBe(before + 1);
    clock += 30 * MINUTE;
    await app.list();
    expect(appTokenRequests()).toBe(before + 2);
  });
});
