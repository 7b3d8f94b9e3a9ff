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
/** In text: the Kick name as a whole name, any case (Kick names are letters, digits and underscores). */
const wordPattern = (name: string) => new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(name)}(?![A-Za-z0-9_])`, 'gi');
/**
 * In JSON: the Kick name only as the value of a field that holds a person's name (`username`, `kick_username`, `from`,
 * `sender`, `slug`, …), so a name that is also a common word ("live", "status") never rewrites another field.
 */
const fieldPattern = (name: string) =>
  new RegExp(`("[A-Za-z_]*(?:name|user|from|sender|slug|login)[A-Za-z_]*"\\s*:\\s*)"${escapeRegExp(name)}"`, 'gi');

function isJson(text: string): boolean {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether a stored text names the Kick account; JSON is read as JSON unless `asText` (an error's stack, a message). */
export function mentionsKick(text: string, traces: KickTraces, asText = false): boolean {
  if (idPattern(traces).test(text)) return true;
  if (traces.kickName === null) return false;
  return (!asText && isJson(text) ? fieldPattern(traces.kickName) : wordPattern(traces.kickName)).test(text);
}

/**
 * The text with the Kick account's traces replaced: the known rewrites, then the name by the pseudonym and any other
 * mention of the Kick id by 0 (no Kick account). JSON stays JSON: both replacements are plain digits or letters.
 */
export function scrubKickText(text: string, traces: KickTraces, asText = false): string {
  const json = !asText && isJson(text);
  let out = text;
  for (const [from, to] of traces.rewrites) out = out.split(from).join(to);
  if (traces.kickName !== null)
    out = json
      ? out.replace(fieldPattern(traces.kickName), (_, field: string) => `${field}"${traces.pseudonym}"`)
      : out.replace(wordPattern(traces.kickName), (_, before: string) => `${before}${traces.pseudonym}`);
  return out.replace(idPattern(traces), (_, before: string) => `${before}0`);
}
