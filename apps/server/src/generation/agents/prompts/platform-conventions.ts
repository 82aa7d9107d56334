import type { Platform } from '@tianma/shared';

/**
 * How each platform's readers expect an article to look. Part of every prompt, so that the
 * analysis, the outline, every section and the final passes all aim at the same page.
 */
export const PLATFORM_CONVENTIONS: Record<Platform, string> = {
  wechat:
    '微信公众号：用 ## 小标题清晰分节；段落要短，每段 2～4 句，便于手机阅读；重点句可加粗；开头几句就要抓住读者，结尾可自然引导读者留言或转发。',
  zhihu:
    '知乎：回答体，先给出结论，再展开推理与论证；用数据、案例和亲身经验支撑观点，逻辑清楚、理性克制；少用营销腔和空洞口号，可用小标题分层说理。',
  xiaohongshu:
    '小红书：标题不超过20字，口语化、有记忆点；正文短小精悍，多用短句和分行；适当使用 emoji 增强表达（不要堆砌）；文末附 3～5 个 #话题 标签（如 #学习方法）。',
};

export function platformConventions(platform: Platform): string {
  return PLATFORM_CONVENTIONS[platform];
}
