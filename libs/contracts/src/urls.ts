import { z } from 'zod';

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/** A link people follow or the server fetches: http(s) only, so `javascript:`, `data:` or `file:` never get stored. */
export const webUrl = (message = 'Must be a full http(s) URL', max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .url(message)
    // Unparseable values are already reported by .url(); this adds the scheme rule without a second message.
    .refine((value) => !URL.canParse(value) || WEB_PROTOCOLS.has(new URL(value).protocol), message);

/** An image: one of our uploads (`/uploads/…`) or an https address; never another scheme or a protocol-relative `//host`. */
export const imageRef = (message = 'Upload an image or give an https:// address.') =>
  z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/(?!\/)|https:\/\/)/, message)
    .refine((value) => value.startsWith('/') || URL.canParse(value), message);
