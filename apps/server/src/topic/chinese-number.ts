const DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** 300, 1.5万, 三千, 一千五百, 十五, 两万 → a number; NaN when it is none. */
export function parseNumber(text: string): number {
  const raw = text.trim();
  const arabic = /^(\d+(?:\.\d+)?)(千|万)?$/u.exec(raw);
  if (arabic) return Math.round(Number(arabic[1]) * (arabic[2] === '万' ? 10_000 : arabic[2] === '千' ? 1000 : 1));
  if (!/^[零〇一二两三四五六七八九十百千万]+$/u.test(raw)) return Number.NaN;
  let total = 0;
  let section = 0;
  let digit = 0;
  for (const ch of raw) {
    if (ch in DIGITS) digit = DIGITS[ch]!;
    else if (ch === '万') {
      total += (section + digit) * 10_000;
      section = 0;
      digit = 0;
    } else {
      // 十五: a leading 十 means 一十.
      section += (digit || 1) * UNITS[ch]!;
      digit = 0;
    }
  }
  return total + section + digit;
}

/** A number in words or digits, as a regex source. */
export const NUMBER_SOURCE = String.raw`(?:\d+(?:\.\d+)?[千万]?|[零〇一二两三四五六七八九十百千万]+)`;
