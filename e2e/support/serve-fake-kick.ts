import type { FakeKickServer } from '../../libs/testing/src/fakes/fake-kick.server';
import { test } from './fixtures';
import { serverPort } from './server-port';

/**
 * Serves `kick` for the tests of the describe that calls this: started before them at this worker's server's port +
 * 20000 (where scripts/e2e-server.mjs points the product's KICK_API_URL and KICK_AUTH_URL), its webhooks sent to that
 * server, stopped after them. A describe's own beforeAll, registered after this call, runs once the fake is up.
 */
export function serveFakeKick(kick: FakeKickServer): void {
  test.beforeAll(async () => {
    await kick.start(serverPort() + 20_000);
    kick.events.webhookUrl = `http://127.0.0.1:${serverPort()}/webhooks/kick`;
  });
  test.afterAll(() => kick.stop());
}
