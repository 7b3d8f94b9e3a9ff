/**
 * Wagered amounts as exact cents (bigint). Casino answers carry numbers or strings; they are
 * parsed from their decimal text, never added as floats. Fractions beyond cents round half up.
 */
const MAX_CENTS = 10n ** 18n;
const DECIMAL = /^\d+(?:\.\d+)?$/;

export function toCents(value: string | number): bigint {
  let text = typeof value === 'number' ? numberText(value) : value.trim().replace(/,/g, '');
  if (text.startsWith('+')) text = text.slice(1);
  if (!DECIMAL.test(text)) throw new Error(`not a non-negative decimal amount: ${JSON.stringify(value)}`);
  const [whole, fraction = ''] = text.split('.');
  const padded = (fraction + '000').slice(0, 3);
  let cents = BigInt(whole) * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1n;
  // numeric(18,2) holds at most 16 digits before the point.
  if (cents >= MAX_CENTS) throw new Error(`amount too large: ${JSON.stringify(value)}`);
  return cents;
}

function numberText(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new Error(`not a non-negative decimal amount: ${value}`);
  const text = String(value);
  // 1e21 and 1.5e-7 style: fall back to fixed notation, which is exact enough for cents.
  return /e/i.test(text) ? value.toFixed(6) : text;
}

/**
 * Exact cents: a bigint, or a number while it is a safe integer (below 2^53). As bigints, a board of 500,000 players
 * cost ~0.25 s more to read and rank: an allocation per amount and a bigint division per decimal text.
 */
export type Cents = bigint | number;

export function addCents(a: Cents, b: Cents): Cents {
  if (typeof a === 'number' && typeof b === 'number') {
    const sum = a + b;
    if (Number.isSafeInteger(sum)) return sum;
  }
  return BigInt(a) + BigInt(b);
}

/** `123456` → `"1234.56"`. Wagered amounts are never negative (toCents refuses them), so no sign is written. */
export function centsToDecimal(cents: Cents): string {
  if (typeof cents === 'number') {
    const fraction = cents % 100;
    return `${(cents - fraction) / 100}.${fraction < 10 ? '0' : ''}${fraction}`;
  }
  const whole = cents / 100n;
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

export function isAmount(value: unknown): value is string | number {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0;
  if (typeof value !== 'string') return false;
  try {
    toCents(value);
    return true;
  } catch {
    return false;
  }
}
