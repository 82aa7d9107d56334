import type { ArticleListItem } from './my-articles-api';

/**
 * Built-in examples shown when the list cannot be fetched (spec §8): four on the first page and
 * two on the second. The list marks them as samples, so no action on them reaches the server.
 */
export const SAMPLE_PAGE_SIZES = [4, 2] as const;

const sample = (n: number, title: string, summary: string, createTime: string): ArticleListItem => ({
  id: -n,
  deepspaceId: 0,
  title,
  summary,
  articleId: `sample-${n}`,
  ossUrl: null,
  imageUrl: null,
  createTime,
  updateTime: createTime,
});

export const SAMPLE_ARTICLES: readonly ArticleListItem[] = [
  sample(
    1,
    '职场新人如何在三个月内快速成长',
    '这是一篇关于职场成长的实用攻略，从时间管理、向上沟通到复盘习惯，帮助新人少走弯路，尽快建立自己的工作方法。',
    '2025-06-18T09:30:00.000Z',
  ),
  sample(
    2,
    '一周通勤穿搭：五套不费力的高级感搭配',
    '用基础款组合出有质感的通勤造型，附单品清单和配色思路，预算有限也能每天穿得体面。',
    '2025-06-15T12:10:00.000Z',
  ),
  sample(
    3,
    '大模型落地企业的三个关键问题',
    '这是一篇关于人工智能应用的行业分析，讨论数据治理、成本控制与组织协作，并给出分阶段推进的建议。',
    '2025-06-11T03:45:00.000Z',
  ),
  sample(
    4,
    '考研复习时间表：从零基础到上岸',
    '按照基础、强化、冲刺三个阶段拆解复习计划，每个阶段列出目标、资料和自测方法，适合在职与在校考生参考。',
    '2025-06-08T14:20:00.000Z',
  ),
  sample(
    5,
    '周末城市漫游：在老街里找回生活的节奏',
    '一次没有目的地的散步，记录街角的早餐铺、旧书店和傍晚的河岸，写给忙碌的你一份慢下来的理由。',
    '2025-06-02T08:00:00.000Z',
  ),
  sample(
    6,
    '新能源汽车选购指南：续航、充电与保值',
    '从日常通勤距离、充电条件和二手残值三个角度比较主流车型，帮你找到真正适合自己的那一款。',
    '2025-05-28T10:15:00.000Z',
  ),
];

export const SAMPLE_TOTAL_PAGES = SAMPLE_PAGE_SIZES.length;

/** The examples of one 1-based page; empty past the last page. */
export function samplePage(page: number): ArticleListItem[] {
  const start = SAMPLE_PAGE_SIZES.slice(0, page - 1).reduce<number>((sum, size) => sum + size, 0);
  const size = SAMPLE_PAGE_SIZES[page - 1] ?? 0;
  return SAMPLE_ARTICLES.slice(start, start + size);
}

