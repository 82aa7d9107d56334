import { AUDIENCES, INDUSTRIES, type Platform, PLATFORMS } from '@tianma/shared';

/**
 * Words people add to a search on each platform, and the usual search words of each industry.
 * The offline keyword recommendation joins them to the topic's own words (data, no logic).
 */

/** Suffixes first (joined after the topic's core phrase), then words that stand alone. */
export interface TermSet {
  suffixes: readonly string[];
  standalone: readonly string[];
}

export const PLATFORM_TERMS: Record<Platform, TermSet> = {
  xiaohongshu: { suffixes: ['攻略', '干货', '种草', '避坑', '分享'], standalone: ['干货分享', '种草', '攻略', '经验分享'] },
  zhihu: { suffixes: ['经验', '推荐', '怎么样', '建议'], standalone: ['如何', '经验', '推荐', '干货'] },
  wechat: { suffixes: ['指南', '全攻略', '方法', '解读'], standalone: ['指南', '解读', '深度解读', '实用指南'] },
};

export type IndustryKey = 'legal' | 'education' | 'marketing' | 'it' | 'finance';

export const INDUSTRY_TERMS: Record<IndustryKey, TermSet> = {
  legal: { suffixes: ['法律', '维权'], standalone: ['法律咨询', '律师建议', '维权'] },
  education: { suffixes: ['学习方法', '教程'], standalone: ['学习方法', '提分技巧', '教育'] },
  marketing: { suffixes: ['营销', '运营'], standalone: ['营销策略', '品牌推广', '获客'] },
  it: { suffixes: ['工具', '技术'], standalone: ['数字化', '技术方案', '效率工具'] },
  finance: { suffixes: ['理财', '投资'], standalone: ['理财', '投资建议', '风险控制'] },
};

/** Last words of the list: plain search habits that fit any topic. */
export const GENERIC_TERMS = ['入门', '技巧', '方法', '经验分享', '注意事项', '常见问题'] as const;

const INDUSTRY_KEYS = Object.keys(INDUSTRY_TERMS) as IndustryKey[];

/** A platform given as its value (xiaohongshu) or its label (小红书); undefined when unknown. */
export function platformOf(value: string | null | undefined): Platform | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const found = PLATFORMS.find((option) => option.value === text || option.label === text || option.label.includes(text));
  return found?.value;
}

export type IndustryChoice = { kind: 'known'; key: IndustryKey } | { kind: 'custom'; text: string } | { kind: 'none' };

/** An industry given as a value (legal), a label (法律) or the user's own words (跨境电商). */
export function industryOf(value: string | null | undefined): IndustryChoice {
  const text = value?.trim();
  if (!text || text === 'unlimited' || text === '不限' || text === 'custom') return { kind: 'none' };
  const key = INDUSTRY_KEYS.find((candidate) => candidate === text.toLowerCase() || INDUSTRIES.find((option) => option.value === candidate)?.label === text);
  return key ? { kind: 'known', key } : { kind: 'custom', text };
}

/** An audience in words: the label of an option value, or the user's own text; undefined for none. */
export function audienceWords(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  if (!text || text === 'custom') return undefined;
  return AUDIENCES.find((option) => option.value === text)?.label ?? text;
}
