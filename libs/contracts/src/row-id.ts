/** PostgreSQL's integer: every serial id of ours fits, and anything beyond it can name no row. */
export const MAX_ROW_ID = 2_147_483_647;

export function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;
}
