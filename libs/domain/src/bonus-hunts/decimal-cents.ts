/**
 * Exact money arithmetic for hunts. PostgreSQL sends numeric values as text ("1250.50");
 * they become whole cents in a BigInt, are added and divided as integers, and only the final
 * two-decimal result becomes a JS number for the JSON answer. No float ever adds money.
 */

/** "1250.5" → 125050n. Accepts what numeric(…, 2) prints: optional sign, up to 2 decimals. */
export function toCents(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not a 2-decimal amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** 125050n → 1250.5 (a number with at most two decimals, exact as decimal text). */
export function centsToNumber(cents: bigint): number {
  return Number(centsToText(cents));
}

/** 125050n → "1250.50" */
export function centsToText(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * numerator / denominator rounded half away from zero to 2 decimals, returned in hundredths:
 * the same rounding as PostgreSQL's round(numeric, 2). Both inputs are in the same unit.
 */
export function ratioHundredths(numerator: bigint, denominator: bigint): bigint {
  return roundedDivision(numerator * 100n, denominator);
}

/** numerator / denominator rounded half away from zero to a whole number. */
export function roundedDivision(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}
