/** Option lists of the creation forms, with their Chinese labels (content-creation §3). */

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export const AUDIENCES = [
  { value: 'worker', label: '职场打工人' },
  { value: 'student', label: '学生党' },
  { value: 'enthusiast', label: '特定领域爱好者' },
  { value: 'customer', label: '潜在客户' },
  { value: 'consumer', label: '消费体验派' },
  { value: 'custom', label: '自定义' },
] as const satisfies readonly Option[];

export const INDUSTRIES = [
  { value: 'unlimited', label: '不限' },
  { value: 'legal', label: '法律' },
  { value: 'education', label: '教育' },
  { value: 'marketing', label: '营销' },
  { value: 'it', label: 'IT互联网' },
  { value: 'finance', label: '金融' },
  { value: 'custom', label: '自定义' },
] as const satisfies readonly Option[];

export const PLATFORMS = [
  { value: 'wechat', label: '微信公众号' },
  { value: 'zhihu', label: '知乎' },
  { value: 'xiaohongshu', label: '小红书' },
] as const satisfies readonly Option[];

export const ARTICLE_TYPES = [
  { value: 'practical_guide', label: '实用攻略' },
  { value: 'recommendation_sharing', label: '种草安利' },
  { value: 'experience_story_essay', label: '随笔分享' },
  { value: 'analysis_commentary_opinion', label: '分析评论' },
  { value: 'tech_interpretation', label: '科技前沿' },
  { value: 'industry_analysis', label: '行业分析' },
] as const satisfies readonly Option[];

export const WRITING_STYLES = [
  { value: 'professional_logical', label: '逻辑严谨', icon: '🧠' },
  { value: 'efficient_concise', label: '简洁高效', icon: '⚡' },
  { value: 'colloquial_fun', label: '幽默有趣', icon: '😄' },
  { value: 'sincere_narrative', label: '故事感强', icon: '📖' },
  { value: 'authoritative_expert', label: '专家视角', icon: '🎓' },
  { value: 'vivid_experience', label: '优美抒情', icon: '🌸' },
  { value: 'accessible_easyread', label: '通俗易懂', icon: '💡' },
] as const satisfies readonly (Option & { icon: string })[];

type ValuesOf<T extends readonly Option[]> = T[number]['value'];
export type Audience = ValuesOf<typeof AUDIENCES>;
export type Industry = ValuesOf<typeof INDUSTRIES>;
export type Platform = ValuesOf<typeof PLATFORMS>;
export type ArticleType = ValuesOf<typeof ARTICLE_TYPES>;
export type WritingStyle = ValuesOf<typeof WRITING_STYLES>;

/** The longest title (in characters) each platform shows in full: the writer and the SEO rules keep within it. */
export const PLATFORM_TITLE_LIMITS: Record<Platform, number> = { wechat: 40, zhihu: 50, xiaohongshu: 20 };

export function valuesOf<T extends readonly Option[]>(options: T): [ValuesOf<T>, ...ValuesOf<T>[]] {
  return options.map((option) => option.value) as [ValuesOf<T>, ...ValuesOf<T>[]];
}

export function labelOf(options: readonly Option[], value: string): string | undefined {
  return options.find((option) => option.value === value)?.label;
}

export const GUIDED_DEFAULTS = {
  audience: 'worker',
  platform: 'wechat',
  type: 'practical_guide',
  style: 'professional_logical',
  length: 2000,
  industry: 'unlimited',
} as const;

export const GUIDED_LENGTH = { min: 200, max: 6000, step: 100, default: 2000 } as const;
export const ADVANCED_LENGTH = { min: 500, max: 10000, step: 100, default: 3000 } as const;
