import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * SHA-256 hex of a text's UTF-8 bytes, the same in browsers and Node: the raffle verification runs in both,
 * synchronously (crypto.subtle is async and missing on plain-HTTP origins). @noble/hashes is audited and
 * dependency-free.
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
