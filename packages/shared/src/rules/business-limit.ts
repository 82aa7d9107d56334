/** Business-limit errors block further generation (content-creation §5, §8). */
export const BUSINESS_LIMIT_CODE = 1006;
export const BUSINESS_LIMIT_KEYWORDS = ['超限', '余额不足', '权限不足', '生成次数', '业务限制'] as const;

export function isBusinessLimitError(text: string | null | undefined): boolean {
  if (!text) return false;
  return BUSINESS_LIMIT_KEYWORDS.some((keyword) => text.includes(keyword));
}
