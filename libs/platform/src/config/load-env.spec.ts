import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadEnv } from './load-env';

describe('environment validation', () => {
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
    const real = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
      KICK_CLIENT_SECRET: 'real',
    };
    expect(loadEnv(real).NODE_ENV).toBe('production');
    expect(() => loadEnv({ ...real, AUTH_DEV_LOGIN: 'true' })).toThrow(/AUTH_DEV_LOGIN: must be false in production/);
  });

  it('stops the built api process with the variable name and a non-zero exit', () => {
    const main = join(__dirname, '../../../../dist/apps/api/src/main.js');
    const result = spawnSync(process.execPath, [main], { env: { ...process.env, PORT: 'not-a-port' }, encoding: 'utf8', timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid environment:\n {2}PORT:/);
  });
});
