/**
 * A space between Chinese characters and Latin letters or digits ("用React写" → "用 React 写"),
 * the usual rule of Chinese typesetting on the web. Applied to prose only: the renderer never
 * passes code, URLs or markup through it.
 */
const HAN = '\\p{Script=Han}';
const LATIN = 'A-Za-z0-9';
const HAN_THEN_LATIN = new RegExp(`([${HAN}])([${LATIN}])`, 'gu');
const LATIN_THEN_HAN = new RegExp(`([${LATIN}])([${HAN}])`, 'gu');

export function spaceCjkLatin(text: string): string {
  return text.replace(HAN_THEN_LATIN, '$1 $2').replace(LATIN_THEN_HAN, '$1 $2');
}

const isHan = (char: string) => /\p{Script=Han}/u.test(char);
const isLatin = (char: string) => /[A-Za-z0-9]/.test(char);

/** Whether two neighbouring pieces of text, one Chinese and one Latin, need a space between them. */
export function needsSpaceBetween(before: string, after: string): boolean {
  const last = before.slice(-1);
  const first = after.slice(0, 1);
  if (!last || !first) return false;
  return (isHan(last) && isLatin(first)) || (isLatin(last) && isHan(first));
}
