import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * A raffle password is a code the streamer announces to every viewer, needed only while the raffle is open: the hash
 * keeps it out of a database dump, not a long-lived secret from offline cracking. N = 2^12 costs a few milliseconds
 * (2^14 cost about 50 ms of a core per check, which many accounts guessing at once turned into seconds of CPU), and
 * hashes written with other parameters keep verifying with their own.
 */
const PARAMS: ScryptOptions = { N: 4096, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later without breaking old raffles. */
export async function hashRafflePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Constant-time comparison of the derived keys; a malformed stored hash never matches. */
export async function verifyRafflePassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(saltText, 'base64url'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
