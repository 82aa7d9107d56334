import { diffChars, diffWordsWithSpace } from 'diff';

/** A stretch both texts share, or one change: what the old text had there and what the new one has. */
export type DiffPiece = { kind: 'same'; text: string } | { kind: 'change'; id: number; removed: string; added: string };

// Chinese has no spaces between words: a word segmenter gives changes that read as words, where
// single characters would scatter into noise. Without one (old engines), characters.
const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', { granularity: 'word' }) : null;

/** Shared text this short between two changes joins them into one (a lone 的 between edits is noise). */
const JOIN_AT_MOST = 1;

/**
 * The old and new text as shared stretches and numbered changes. Joining every piece's `removed`
 * (or `text`) gives the old text back and every `added` the new one, so any choice of changes
 * makes a text (applyChanges).
 */
export function diffPieces(before: string, after: string): DiffPiece[] {
  const parts = segmenter ? diffWordsWithSpace(before, after, { intlSegmenter: segmenter }) : diffChars(before, after);
  const pieces: DiffPiece[] = [];
  for (const part of parts) {
    const last = pieces.at(-1);
    if (!part.added && !part.removed) {
      pieces.push({ kind: 'same', text: part.value });
      continue;
    }
    let change: Extract<DiffPiece, { kind: 'change' }>;
    if (last?.kind === 'change') change = last;
    else {
      const previous = pieces.at(-2);
      if (last?.kind === 'same' && previous?.kind === 'change' && [...last.text].length <= JOIN_AT_MOST && !last.text.includes('\n')) {
        pieces.pop();
        previous.removed += last.text;
        previous.added += last.text;
        change = previous;
      } else {
        change = { kind: 'change', id: 0, removed: '', added: '' };
        pieces.push(change);
      }
    }
    if (part.added) change.added += part.value;
    else change.removed += part.value;
  }
  let id = 0;
  for (const piece of pieces) if (piece.kind === 'change') piece.id = id++;
  return pieces;
}

export function changeIds(pieces: readonly DiffPiece[]): number[] {
  return pieces.flatMap((piece) => (piece.kind === 'change' ? [piece.id] : []));
}

/** The text with the accepted changes made and the others left as they were. */
export function applyChanges(pieces: readonly DiffPiece[], accepted: ReadonlySet<number>): string {
  return pieces.map((piece) => (piece.kind === 'same' ? piece.text : accepted.has(piece.id) ? piece.added : piece.removed)).join('');
}
