import { z } from 'zod';

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * The one rule for every URL we store, shared by these schemas and the database's check constraints (the patterns are
 * valid in JavaScript's and PostgreSQL's regular expressions alike), so a value the API accepts is never refused by the
 * database with a 500. Browsers read `\` as `/` in http(s) URLs, so `/\host` and `https:/\host` lead elsewhere than
 * they look; an encoded slash or backslash before the query is refused as well, since a server or proxy that decodes
 * it turns `/%2F%2Fhost` into `//host`.
 */
export const URL_RULES = {
  /** A link: http(s), then a host. */
  link: '^https?://[^/\\\\?#]',
  /** An image: one of our paths (`/uploads/…`, never `//host`) or an https address. */
  image: '^(/[^/\\\\]|https://[^/\\\\?#])',
} as const;
/**
 * Whitespace and control characters: C0, space, DEL, C1 and the Unicode spaces. Browsers drop a tab or newline inside
 * a URL (`/\t/host` loads `//host`) and strip the others at its ends, so none may stand anywhere in a stored one.
 */
const URL_WHITESPACE = '[\\u0000-\\u0020\\u007F-\\u00A0\\u1680\\u2000-\\u200B\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]';

/**
 * Refused in any stored URL: a backslash or whitespace or a control character anywhere; before the query or fragment,
 * `%2F` or `%5C` and an encoded control character (`%00`–`%1F`, `%7F`), which a decoding server or proxy turns back
 * into the plain forms above.
 */
export const URL_REFUSED = ['\\\\', URL_WHITESPACE, '^[^?#]*%(2[fF]|5[cC]|[01][0-9a-fA-F]|7[fF])'] as const;

const shapes = { link: new RegExp(URL_RULES.link), image: new RegExp(URL_RULES.image) };
const refused = URL_REFUSED.map((pattern) => new RegExp(pattern));

/** Whether `value` passes the URL rule of its kind: what the database's constraint checks too. */
export const followsUrlRule = (kind: keyof typeof URL_RULES, value: string): boolean =>
  shapes[kind].test(value) && !refused.some((pattern) => pattern.test(value));

/** A link people follow or the server fetches: http(s) only, so `javascript:`, `data:` or `file:` never get stored. */
export const webUrl = (message = 'Must be a full http(s) URL', max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .url(message)
    // Unparseable values are already reported by .url(); this adds the scheme and URL rule without a second message.
    .refine((value) => !URL.canParse(value) || (WEB_PROTOCOLS.has(new URL(value).protocol) && followsUrlRule('link', value)), message);

/** An image: one of our uploads (`/uploads/…`) or an https address; never another scheme or a protocol-relative `//host`. */
export const imageRef = (message = 'Upload an image or give an https:// address.') =>
  z
    .string()
    .trim()
    .max(500)
    .refine((value) => followsUrlRule('image', value) && (value.startsWith('/') || URL.canParse(value)), message);
