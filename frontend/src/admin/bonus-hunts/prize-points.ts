export const PRIZE_POINTS_INVALID = 'Prize points are whole numbers separated by commas.';

/** "1000, 500, 250" → [1000, 500, 250]; null when any part is not a whole number. An empty text means no prizes. */
export function parsePrizePoints(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.some((part) => !/^\d{1,8}$/.test(part))) return null;
  return parts.map(Number);
}
