import { KickTokenRefusal } from './kick-user-auth.client';

describe('a refused token refresh, told apart', () => {
  it.each([
    [400, 'invalid_grant', true],
    [400, 'Invalid request', true],
    [401, 'invalid_client', true],
    [400, null, true],
    [429, null, false],
    [500, null, false],
    [503, 'temporarily_unavailable', false],
  ])('HTTP %i %s: reconnect needed = %s', (status, error, reconnect) => {
    expect(new KickTokenRefusal(status, 'token (refresh_token)', error).reconnectNeeded).toBe(reconnect);
  });
});
