import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadEnv } from './load-env';

describe('environment validation', () => {
  /** A production environment that passes: strong secrets, https and a Kick secret. */
  const real = {
    NODE_ENV: 'production',
    APP_URL: 'https://kickback.example',
    SESSION_SECRET: randomBytes(36).toString('base64'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    KICK_CLIENT_SECRET: 'real',
  };

  it('gives every value a local default', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.AUTH_DEV_LOGIN).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadEnv({ AUTH_DEV_LOGIN: 'yes' })).toThrow(/AUTH_DEV_LOGIN/);
  });

  it('refuses to run production on the local secrets or with the demo login', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET[\s\S]*SECRETS_KEY[\s\S]*KICK_CLIENT_SECRET/);
    expect(loadEnv(real).NODE_ENV).toBe('production');
    expect(() => loadEnv({ ...real, AUTH_DEV_LOGIN: 'true' })).toThrow(/AUTH_DEV_LOGIN: must be false in production/);
  });

  it('refuses weak production secrets, the public development secret as the previous one, an empty Kick secret and http', () => {
    expect(() => loadEnv({ ...real, SESSION_SECRET: 'x'.repeat(40) })).toThrow(/SESSION_SECRET: is too weak/);
    expect(() => loadEnv({ ...real, SESSION_SECRET_PREVIOUS: 'local-development-session-secret-not-for-production' })).toThrow(
      /SESSION_SECRET_PREVIOUS: must not be the public development secret/,
    );
    expect(() => loadEnv({ ...real, SESSION_SECRET_PREVIOUS: 'ab'.repeat(20) })).toThrow(/SESSION_SECRET_PREVIOUS: is too weak/);
    expect(() => loadEnv({ ...real, SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') })).toThrow(/SECRETS_KEY: must be 32 random bytes/);
    expect(() => loadEnv({ ...real, KICK_CLIENT_SECRET: '' })).toThrow(/KICK_CLIENT_SECRET: must be set in production/);
    expect(() => loadEnv({ ...real, APP_URL: 'http://kickback.example' })).toThrow(/APP_URL: must be an https/);
    // Development keeps its local defaults.
    expect(loadEnv({ APP_URL: 'http://localhost:3000' }).APP_URL).toBe('http://localhost:3000');
  });

  it('stops the built api process with the variable name and a non-zero exit', () => {
    const main = join(__dirname, '../../../../dist/apps/api/src/main.js');
    const result = spawnSync(process.execPath, [main], { env: { ...process.env, PORT: 'not-a-port' }, encoding: 'utf8', timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid environment:\n {2}PORT:/);
  });
});
