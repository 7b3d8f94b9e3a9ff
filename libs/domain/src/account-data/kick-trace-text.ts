/** What ties a deleted member to their Kick account, and what each trace becomes. */
export interface KickTraces {
  kickUserId: string;
  /** The Kick name, when the row still had one. */
  kickName: string | null;
  /** The name shown in place of the Kick name (the member's pseudonym). */
  pseudonym: string;
  /** Exact texts to replace first (`follow:<kick id>` becomes the rewritten follow award's key). */
  rewrites: [from: string, to: string][];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Kick id as a whole number (not part of a longer one: timestamps and counters hold digits too). */
const idPattern = (traces: KickTraces) => new RegExp(`(^|[^0-9])${traces.kickUserId}(?![0-9])`, 'g');
/** The Kick name as a whole name, any case (Kick names are letters, digits and underscores). */
const namePattern = (name: string) => new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(name)}(?![A-Za-z0-9_])`, 'gi');

/** Whether a stored text names the Kick account. */
export function mentionsKick(text: string, traces: KickTraces): boolean {
  return idPattern(traces).test(text) || (traces.kickName !== null && namePattern(traces.kickName).test(text));
}

/**
 * The text with the Kick account's traces replaced: the known rewrites, then the name by the pseudonym and any other
 * mention of the Kick id by 0 (no Kick account). JSON stays JSON: both replacements are plain digits or letters.
 */
export function scrubKickText(text: string, traces: KickTraces): string {
  let out = text;
  for (const [from, to] of traces.rewrites) out = out.split(from).join(to);
  if (traces.kickName !== null) out = out.replace(namePattern(traces.kickName), (_, before: string) => `${before}${traces.pseudonym}`);
  return out.replace(idPattern(traces), (_, before: string) => `${before}0`);
}
