import { STEP_LABELS } from '@tianma/shared';

/** A model call's purpose (the usage's stage), as the console names it. */
const STAGE_LABELS: Record<string, string> = {
  analysis: '需求分析',
  style: '风格分析',
  outline: '大纲',
  research: '资料检索',
  writing: '正文写作',
  images: '配图',
  combine: '合稿',
  seo: 'SEO 优化',
  keywords: '关键词',
  revision: '修改',
};

export const stageLabel = (stage: string) => STAGE_LABELS[stage] ?? stage;

/** A task's step (the progress the user sees), as the studio names it; others as written. */
export const stepLabel = (step: string) => (STEP_LABELS as Record<string, string>)[step] ?? step;
