/**
 * A feedback's quick phrases and its text: the feedback form may put chips first, each in brackets
 * (「[太长] [跑题] 后半段…」); the console shows them as tags, then the text.
 */
export function splitFeedback(content: string | null | undefined): { chips: string[]; text: string } {
  const chips: string[] = [];
  let rest = (content ?? '').trimStart();
  for (;;) {
    const match = /^[[【]([^\]】[【\n]{1,30})[\]】]\s*/.exec(rest);
    if (!match) break;
    const chip = match[1]!.trim();
    if (chip) chips.push(chip);
    rest = rest.slice(match[0].length);
  }
  return { chips, text: rest.trim() };
}
