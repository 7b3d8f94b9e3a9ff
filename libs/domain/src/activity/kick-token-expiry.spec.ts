import { kickExpiresIn, tokenExpiresAt, DEFAULT_TOKEN_SECONDS } from './kick-token-expiry';

describe("Kick's expires_in", () => {
  it.each([
    [3600, 3600],
    ['7200', 7200],
    ['', null],
    ['  ', null],
    [undefined, null],
    [null, null],
    [0, null],
    [-5, null],
    ['soon', null],
    [{}, null],
  ])('%j reads as %j', (raw, seconds) => {
    expect(kickExpiresIn.parse(raw)).toBe(seconds);
  });

  it('an unknown lifetime gets the default, a known one its own', () => {
    const now = Date.UTC(2026, 10, 29);
    expect(tokenExpiresAt(null, now).getTime()).toBe(now + DEFAULT_TOKEN_SECONDS * 1000);
    expect(tokenExpiresAt(60, now).getTime()).toBe(now + 60_000);
  });
});
