/** A stored timestamp as the API writes it (ISO 8601, UTC); null when there is none. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}
