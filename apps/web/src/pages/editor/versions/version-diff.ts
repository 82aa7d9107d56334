import { type ChangeObject, diffChars, diffLines, diffWords } from 'diff';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export interface TextDiff {
  parts: DiffPart[];
  /** Characters only in the second text, and only in the first (whitespace not counted). */
  added: number;
  removed: number;
}

/** Past this long, a fine diff gives up and the texts are compared by paragraph. */
const FINE_DIFF_MS = 400;

// NOTE: words, not characters: 「皮肤→肌肤」 reads as one changed word where a character diff would
// mark the single 皮 and leave 肤 between the marks. Chinese has no spaces, so the words come from
// the browser's Intl.Segmenter; without one, characters.
function fineDiff(before: string, after: string): ChangeObject<string>[] | undefined {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const intlSegmenter = new Intl.Segmenter('zh-CN', { granularity: 'word' });
    return diffWords(before, after, { intlSegmenter, timeout: FINE_DIFF_MS });
  }
  return diffChars(before, after, { timeout: FINE_DIFF_MS });
}

const counted = (text: string) => Array.from(text.replace(/\s+/g, '')).length;

/** How `after` differs from `before`: runs of unchanged, added and removed text, in order. */
export function diffTexts(before: string, after: string): TextDiff {
  const changes = fineDiff(before, after) ?? diffLines(before, after);
  const parts: DiffPart[] = [];
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    if (kind === 'added') added += counted(change.value);
    if (kind === 'removed') removed += counted(change.value);
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += change.value;
    else parts.push({ kind, text: change.value });
  }
  return { parts, added, removed };
}
