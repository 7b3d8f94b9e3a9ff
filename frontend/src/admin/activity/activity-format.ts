/** A timestamp as the admin tables show it ('—' when absent). */
export const formatDateTime = (iso: string | null): string => (iso ? new Date(iso).toLocaleString('en-US') : '—');
