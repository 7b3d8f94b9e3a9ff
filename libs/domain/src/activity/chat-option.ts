/**
 * Which option chat named (`!bet`, `!vote`), or why none: its number (1 = the first) or its name without case, where the
 * start of a name is enough when only one option starts that way. A number that is an option's place wins over a name
 * made of digits.
 */
export function chatOption(typed: string, options: readonly string[]): { index: number } | { refusal: string } {
  const wanted = normalise(typed);
  if (/^\d+$/.test(wanted)) {
    const place = Number(wanted);
    if (place >= 1 && place <= options.length) return { index: place - 1 };
  }
  const labels = options.map(normalise);
  const exact = labels.indexOf(wanted);
  if (exact >= 0) return { index: exact };
  const starting = labels.flatMap((label, index) => (label.startsWith(wanted) ? [index] : []));
  if (starting.length === 1) return { index: starting[0]! };
  const shown = `"${typed.slice(0, 40)}"`;
  if (starting.length > 1)
    return { refusal: `${shown} could be ${starting.map((i) => options[i]).join(' or ')}: type more of it, or its number.` };
  return { refusal: `no option matches ${shown}: type its number, 1 to ${options.length}, or its name.` };
}

const normalise = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();
