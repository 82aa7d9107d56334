import { COINS_PER_ARTICLE, REPURPOSE_PLATFORMS, type RepurposePlatform, repurposeCostCoins } from '@tianma/shared';

export type { RepurposePlatform };

/**
 * 一稿多发 (issue 20, point 3): the platforms of the shared table (ids and labels, decision 075)
 * with what the web shows of each beside its label.
 */

export interface PlatformInfo {
  value: RepurposePlatform;
  /** The card title: what the new article is. */
  label: string;
  /** The short tag on a my-articles card. */
  tag: string;
  /** One line on what the new article holds. */
  produces: string;
}

const SHOWN: Record<RepurposePlatform, Pick<PlatformInfo, 'tag' | 'produces'>> = {
  xiaohongshu: { tag: '小红书', produces: '20 字内标题、emoji、短段落和 #话题，可导出 3:4 图片卡片' },
  zhihu: { tag: '知乎', produces: '先给结论，再分点论证，像一篇认真的回答' },
  toutiao: { tag: '头条', produces: '符合头条规范的标题，配 1–3 张封面' },
  video_script: { tag: '短视频脚本', produces: '前 3 秒钩子、带时间的口播稿和分镜表（镜头、画面、台词、时长）' },
};

export const PLATFORMS: readonly PlatformInfo[] = REPURPOSE_PLATFORMS.map(({ value, label }) => ({ value, label, ...SHOWN[value] }));

export function platformInfo(value: string | null | undefined): PlatformInfo | undefined {
  return value ? PLATFORMS.find((platform) => platform.value === value) : undefined;
}

/** The shared price rule at the default article price; the server's quote, when it answers, has the last word. */
export function repurposeCoins(articleCoins: number = COINS_PER_ARTICLE): number {
  return repurposeCostCoins(articleCoins);
}
