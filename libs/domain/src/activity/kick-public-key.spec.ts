import { AppConfig, envSchema, type AppEnv } from '@kickback/platform';
import { FakeKickServer } from '@kickback/testing';
import { KickPublicKeyService } from './kick-public-key.service';

describe('Kick public key: cached, refreshed on a failure at most once a minute', () => {
  const kick = new FakeKickServer('id', 'secret');
  let clock = Date.now();

  beforeAll(() => kick.start());
  afterAll(() => kick.stop());
  beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => clock));
  afterEach(() => jest.restoreAllMocks());

  const verify = (service: KickPublicKeyService, forge = false) => {
    const { headers, body } = kick.events.sign('chat.message.sent', { content: 'hi' }, { forge });
    return service.verify(
      headers['kick-event-message-id']!,
      headers['kick-event-message-timestamp']!,
      Buffer.from(body),
      headers['kick-event-signature']!,
    );
  };

  it('verifies with one fetch, follows a rotation only after a minute, and never refetches faster for forgeries', async () => {
    const service = new KickPublicKeyService(new AppConfig({ KICK_API_URL: kick.url } as AppEnv));
    const before = kick.events.publicKeyRequests;
    expect(await verify(service)).toBe(true);
    expect(await verify(service)).toBe(true);
    expect(kick.events.publicKeyRequests - before).toBe(1);

    kick.events.rotateKey();
    expect(await verify(service)).toBe(false);
    expect(await verify(service, true)).toBe(false);
    expect(kick.events.publicKeyRequests - before).toBe(1);

    clock += 61_000;
    expect(await verify(service)).toBe(true);
    expect(kick.events.publicKeyRequests - before).toBe(2);
    for (let i = 0; i < 5; i++) expect(await verify(service, true)).toBe(false);
    expect(kick.events.publicKeyRequests - before).toBe(2);
  });

  it('deliveries that arrive together before the key is known all wait for the one fetch', async () => {
    const service = new KickPublicKeyService(new AppConfig({ KICK_API_URL: kick.url } as AppEnv));
    const before = kick.events.publicKeyRequests;
    expect(await Promise.all(Array.from({ length: 20 }, () => verify(service)))).toEqual(Array(20).fill(true));
    expect(kick.events.publicKeyRequests - before).toBe(1);
  });

  it('while the endpoint answers 403 the configured fallback key verifies, and a rotation is followed once it answers again', async () => {
    const withFallback = () =>
      new KickPublicKeyService(new AppConfig({ KICK_API_URL: kick.url, KICK_PUBLIC_KEY: kick.events.publicKeyPem } as AppEnv));
    kick.events.publicKeyFailure = 403;
    try {
      const service = withFallback();
      expect(await verify(service)).toBe(true);
      expect(await verify(service, true)).toBe(false);
      // Without a fallback the same genuine delivery is refused.
      expect(await verify(new KickPublicKeyService(new AppConfig({ KICK_API_URL: kick.url } as AppEnv)))).toBe(false);

      // Kick serves a key again and rotates: after the refetch only the served key verifies.
      const fallbackPem = kick.events.publicKeyPem;
      kick.events.publicKeyFailure = null;
      kick.events.rotateKey();
      clock += 61_000;
      expect(await verify(service)).toBe(true);
      expect(kick.events.publicKeyPem).not.toBe(fallbackPem);
    } finally {
      kick.events.publicKeyFailure = null;
    }
  });

  it('the documented key is the default fallback', () => {
    expect(envSchema.parse({}).KICK_PUBLIC_KEY).toMatch(
      /^-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAq\/\+l1WnlRrGSolDMA\+A8\n/,
    );
  });
});
