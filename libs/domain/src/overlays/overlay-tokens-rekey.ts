import type { EntityManager } from '@mikro-orm/postgresql';
import { SecretsCipher } from '../leaderboard/secrets-cipher';
import type { RekeyResult } from '../leaderboard/credentials-rekey';
import { OverlaysRepository } from './overlays.repository';
import { OVERLAY_TOKEN_PURPOSE } from './overlay-token-cipher';

/** Re-seals the kept copies of the overlay tokens with the current SECRETS_KEY (opening them with the previous one). */
export async function rekeyOverlayTokens(em: EntityManager, key: string, previousKey: string): Promise<RekeyResult> {
  const cipher = new SecretsCipher(key, previousKey, OVERLAY_TOKEN_PURPOSE);
  const repository = new OverlaysRepository();
  return em.transactional(async (tx) => {
    const result: RekeyResult = { resealed: 0, alreadyCurrent: 0 };
    for (const row of await repository.lockSealed(tx)) {
      if (cipher.isCurrent(row.token_sealed)) {
        result.alreadyCurrent += 1;
        continue;
      }
      await repository.setSealed(tx, row.kind, cipher.seal(cipher.open(row.token_sealed)));
      result.resealed += 1;
    }
    return result;
  });
}
