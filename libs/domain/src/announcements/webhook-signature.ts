import { createHmac, randomBytes } from 'node:crypto';

/** Header names of a signed webhook delivery (docs/announcements.md tells receivers how to verify them). */
export const WEBHOOK_HEADERS = {
  signature: 'x-kickback-signature',
  timestamp: 'x-kickback-timestamp',
  event: 'x-kickback-event',
  delivery: 'x-kickback-delivery',
} as const;

/** A new hook's signing secret: 32 random bytes, prefixed so it is recognisable when pasted elsewhere. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** `v1=` and the hex HMAC-SHA256, under the secret, of the Unix-seconds timestamp, a dot and the exact body bytes. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
