/** Generation steps, their percentages and labels (content-creation §4). */

export const GENERATION_STEPS = [
  'search_and_extract',
  'analyze_topic',
  'extract_reference_style',
  'create_enhanced_outline',
  'parallel_section_research',
  'parallel_section_generation',
  'parallel_section_generation_with_tools',
  'generate_image_position_info',
  'generate_image',
  'combine_sections',
  'generate_article',
  'apply_seo_optimization',
  'completed',
] as const;

export type GenerationStep = (typeof GENERATION_STEPS)[number];
export type GenerationStatus = 'idle' | GenerationStep | 'error';

export interface StepPercent {
  step: GenerationStep;
  percent: number;
}

export const STANDARD_STEPS: readonly StepPercent[] = [
  { step: 'search_and_extract', percent: 5 },
  { step: 'analyze_topic', percent: 15 },
  { step: 'create_enhanced_outline', percent: 25 },
  { step: 'parallel_section_research', percent: 35 },
  { step: 'parallel_section_generation', percent: 50 },
  { step: 'generate_image_position_info', percent: 60 },
  { step: 'generate_image', percent: 70 },
  { step: 'combine_sections', percent: 80 },
  { step: 'generate_article', percent: 90 },
  { step: 'completed', percent: 100 },
];

export const ADVANCED_STEPS: readonly StepPercent[] = [
  { step: 'search_and_extract', percent: 5 },
  { step: 'analyze_topic', percent: 10 },
  { step: 'extract_reference_style', percent: 15 },
  { step: 'create_enhanced_outline', percent: 25 },
  { step: 'parallel_section_research', percent: 35 },
  { step: 'parallel_section_generation', percent: 45 },
  { step: 'parallel_section_generation_with_tools', percent: 45 },
  { step: 'generate_image_position_info', percent: 60 },
  { step: 'generate_image', percent: 70 },
  { step: 'combine_sections', percent: 75 },
  { step: 'generate_article', percent: 85 },
  { step: 'apply_seo_optimization', percent: 95 },
  { step: 'completed', percent: 100 },
];

export function stepsFor(advanced: boolean): readonly StepPercent[] {
  return advanced ? ADVANCED_STEPS : STANDARD_STEPS;
}

/** Target percent of a step, or undefined for a step the flow does not know. */
export function stepPercent(step: string, advanced: boolean): number | undefined {
  return stepsFor(advanced).find((entry) => entry.step === step)?.percent;
}

export const STEP_LABELS: Record<GenerationStep, string> = {
  search_and_extract: '智能搜索',
  analyze_topic: '主题分析',
  extract_reference_style: '提取参考风格',
  create_enhanced_outline: '生成大纲',
  parallel_section_research: '章节研究',
  parallel_section_generation: '智能章节生成',
  parallel_section_generation_with_tools: '智能章节生成',
  generate_image_position_info: '规划配图',
  generate_image: '生成配图',
  combine_sections: '合并章节',
  generate_article: '生成文章',
  apply_seo_optimization: 'SEO优化',
  completed: '完成',
};

export const DEFAULT_STEP_LABEL = '生成中';
export const UNKNOWN_STEP_TEXT = '正在处理中...';
export const ERROR_STEP_TEXT = '生成过程出现错误';
export const IDLE_STEP_TEXT = '准备开始...';

export function stepLabel(step: string): string {
  return (STEP_LABELS as Record<string, string>)[step] ?? DEFAULT_STEP_LABEL;
}

/** One line of the progress panel's step list: a stage label and the flow's steps that carry it. */
export interface StepListEntry {
  /** The first step of the stage (the list's key). */
  step: GenerationStep;
  /** Every step the line stands for, in flow order. */
  steps: readonly GenerationStep[];
  label: string;
  percent: number;
}

/**
 * The step list of a flow: one line per stage label. The advanced flow's two 45 % steps,
 * parallel_section_generation and parallel_section_generation_with_tools, are one stage with one
 * label in the spec (智能章节生成, §2's twelve stage labels), so they make one line; the 13-step
 * table still sets the percentages (decision 055).
 */
export function stepListFor(advanced: boolean): readonly StepListEntry[] {
  const entries: StepListEntry[] = [];
  for (const { step, percent } of stepsFor(advanced)) {
    const label = stepLabel(step);
    const last = entries.at(-1);
    if (last && last.label === label && last.percent === percent) {
      entries[entries.length - 1] = { ...last, steps: [...last.steps, step] };
    } else {
      entries.push({ step, steps: [step], label, percent });
    }
  }
  return entries;
}
