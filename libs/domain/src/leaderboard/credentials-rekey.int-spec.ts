import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { integrationStack } from '@kickback/testing';
import { SecretsCipher } from './secrets-cipher';

const ROOT = join(__dirname, '../../../..');

describe('SECRETS_KEY rotation: npm run secrets:rekey', () => {
  const stack = integrationStack();

  async function platformWith(sealed: string): Promise<number> {
    const [{ id }] = await stack.em.fork().execute<{ id: number }[]>(
      `insert into leaderboard_platforms (name, slug, currency_symbol, source_type, period_type, prizes, credentials_enc)
       values ('Rekey', ?, '$', 'rainbet', 'monthly', '{}', ?) returning id`,
      [`rekey-${randomBytes(3).toString('hex')}`, sealed],
    );
    return id;
  }

  const stored = async (id: number) =>
    (
      await stack.em.fork().execute<{ credentials_enc: string }[]>('select credentials_enc from leaderboard_platforms where id = ?', [id])
    )[0]!.credentials_enc;

  it('re-seals every credential with the new key, keeps the plaintext, and a second run changes nothing', async () => {
    const oldKey = stack.env.SECRETS_KEY;
    const newKey = randomBytes(32).toString('base64');
    const id = await platformWith(new SecretsCipher(oldKey).seal('casino-api-key-123'));
    const before = await stored(id);

    const run = () =>
      spawnSync(process.execPath, [join(ROOT, 'dist/apps/worker/src/cli/rekey-secrets.js')], {
        env: { ...process.env, DATABASE_URL: stack.databaseUrl, SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey, NODE_ENV: 'test' },
        encoding: 'utf8',
        timeout: 30_000,
      });
    const first = run();
    expect([first.status, first.stderr]).toEqual([0, '']);
    expect(first.stdout).toMatch(/Re-sealed [1-9]\d* credential\(s\)/);
    const after = await stored(id);
    expect(after).not.toBe(before);
    expect(new SecretsCipher(newKey).open(after)).toBe('casino-api-key-123');
    expect(() => new SecretsCipher(oldKey).open(after)).toThrow();

    const second = run();
    expect(second.stdout).toMatch(/^Re-sealed 0 credential\(s\); [1-9]\d* already used the new key\./m);
    expect(await stored(id)).toBe(after);

    const missing = spawnSync(process.execPath, [join(ROOT, 'dist/apps/worker/src/cli/rekey-secrets.js')], {
      env: { ...process.env, DATABASE_URL: stack.databaseUrl, SECRETS_KEY: newKey, NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    expect([missing.status, missing.stderr.trim()]).toEqual([
      1,
      'Set SECRETS_KEY_PREVIOUS to the key being replaced (SECRETS_KEY is the new one).',
    ]);
  });

  it('while rotating, the running app opens credentials sealed with either key', () => {
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('base64');
    const rotating = new SecretsCipher(newKey, oldKey);
    expect(rotating.open(new SecretsCipher(oldKey).seal('a'))).toBe('a');
    expect(rotating.open(new SecretsCipher(newKey).seal('b'))).toBe('b');
    expect(() => new SecretsCipher(newKey).open(new SecretsCipher(oldKey).seal('c'))).toThrow();
  });
});
