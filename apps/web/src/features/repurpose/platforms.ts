import { COINS_PER_ARTICLE } from '@tianma/shared';

/**
 * 一稿多发 (issue 20, point 3): the platforms an article can be turned into, with what the web shows
 * of each. The ids, labels and price rule mirror packages/shared's repurpose table (decision 075).
 */

export type RepurposePlatform = 'xiaohongshu' | 'zhihu' | 'toutiao' | 'video_script';

export interface PlatformInfo {
  value: RepurposePlatform;
  /** The card title: what the new article is. */
  label: string;
  /** The short tag on a my-articles card. */
  tag: string;
  /** One line on what the new article holds. */
  produces: string;
}

export const PLATFORMS: readonly PlatformInfo[] = [
  { value: 'xiaohongshu', label: '小红书笔记', tag: '小红书', produces: '20 字内标题、emoji、短段落和 #话题，可导出 3:4 图片卡片' },
  { value: 'zhihu', label: '知乎回答', tag: '知乎', produces: '先给结论，再分点论证，像一篇认真的回答' },
  { value: 'toutiao', label: '今日头条文章', tag: '头条', produces: '符合头条规范的标题，配 1–3 张封面' },
  { value: 'video_script', label: '短视频脚本（抖音/快手）', tag: '短视频脚本', produces: '前 3 秒钩子、带时间的口播稿和分镜表（镜头、画面、台词、时长）' },
];

export function platformInfo(value: string | null | undefined): PlatformInfo | undefined {
  return value ? PLATFORMS.find((platform) => platform.value === value) : undefined;
}

/** A third of an article's price, rounded up, at least 1 coin (the server's rule; its quote has the last word). */
export function repurposeCoins(articleCoins: number = COINS_PER_ARTICLE): number {
  return Math.max(1, Math.ceil(articleCoins / 3));
}
