import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadEnv, mikroOrmOptions } from '@kickback/platform';
import { SecretsCipher, rekeyAnnouncementSecrets, rekeyCredentials, rekeyKickTokens, rekeyOverlayTokens } from '@kickback/domain';

/** `npm run secrets:rekey`: after setting the new SECRETS_KEY and the old one as SECRETS_KEY_PREVIOUS. */
async function main(): Promise<void> {
  const env = loadEnv();
  if (!env.SECRETS_KEY_PREVIOUS) throw new Error('Set SECRETS_KEY_PREVIOUS to the key being replaced (SECRETS_KEY is the new one).');
  const orm = await MikroORM.init(mikroOrmOptions(env.DATABASE_URL, { entities: [], pool: { min: 0, max: 1 } }));
  try {
    const result = await rekeyCredentials(orm.em.fork(), new SecretsCipher(env.SECRETS_KEY, env.SECRETS_KEY_PREVIOUS));
    console.log(`Re-sealed ${result.resealed} credential(s); ${result.alreadyCurrent} already used the new key.`);
    const kick = await rekeyKickTokens(orm.em.fork(), env.SECRETS_KEY, env.SECRETS_KEY_PREVIOUS);
    console.log(`Re-sealed ${kick.resealed} Kick connection(s); ${kick.alreadyCurrent} already used the new key.`);
    const hooks = await rekeyAnnouncementSecrets(orm.em.fork(), env.SECRETS_KEY, env.SECRETS_KEY_PREVIOUS);
    console.log(`Re-sealed ${hooks.resealed} announcement hook(s); ${hooks.alreadyCurrent} already used the new key.`);
    const overlays = await rekeyOverlayTokens(orm.em.fork(), env.SECRETS_KEY, env.SECRETS_KEY_PREVIOUS);
    console.log(`Re-sealed ${overlays.resealed} overlay URL(s); ${overlays.alreadyCurrent} already used the new key.`);
  } finally {
    await orm.close(true);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
