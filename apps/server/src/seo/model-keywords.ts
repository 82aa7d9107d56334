import { INDUSTRIES, labelOf, PLATFORMS } from '@tianma/shared';
import type { ChatMessage } from '../providers/llm/llm-port.js';
import type { KeywordContext } from './offline-keywords.js';
import { audienceWords, industryOf, platformOf } from './platform-terms.js';
import { DATA_NOT_INSTRUCTIONS, quotedBlock } from '../providers/llm/prompt-data.js';

/** Asking a model for search keywords, and reading its answer without trusting its shape. */

export const KEYWORDS_ROLE = '你是中文内容平台的 SEO 关键词策划，熟悉用户在微信公众号、知乎和小红书上的搜索习惯。';

const PLATFORM_HINTS = {
  wechat: '公众号读者常搜“指南”“解读”“方法”类说法',
  zhihu: '知乎用户常用“如何”“推荐”“经验”类提问式说法',
  xiaohongshu: '小红书用户常搜“攻略”“干货”“种草”“避坑”类说法',
} as const;

function industryText(value: string | null | undefined): string {
  const industry = industryOf(value);
  if (industry.kind === 'custom') return industry.text;
  if (industry.kind === 'known') return labelOf(INDUSTRIES, industry.key) ?? industry.key;
  return '不限';
}

export function keywordMessages(request: KeywordContext): ChatMessage[] {
  const platform = platformOf(request.platform) ?? 'wechat';
  const lines = [
    `- 发布平台：${labelOf(PLATFORMS, platform)}（${PLATFORM_HINTS[platform]}）`,
    `- 行业领域：${industryText(request.industry)}`,
    `- 目标读者：${audienceWords(request.audience) ?? '不限'}`,
  ];
  const rules = [
    '请给出 8～10 个该平台用户最可能搜索、且与文章主题紧密相关的关键词：',
    '1. 每个关键词是一个完整的词或名词短语，2～8 个字（一个英文单词或数字算两个字），不带 # 号、引号和标点，不要“指南”“攻略”这类词单独成词；',
    '2. 与主题最相关的词在前，平台上常见的搜索说法在后；',
    '3. 不要重复，不要编造品牌、人名或数据。',
    '只输出一个 JSON 对象，形如 {"keywords": ["关键词1", "关键词2"]}，不要任何解释。',
  ];
  return [
    { role: 'system', content: [KEYWORDS_ROLE, DATA_NOT_INSTRUCTIONS].join('\n') },
    { role: 'user', content: [quotedBlock('文章主题', request.topic.trim()), lines.join('\n'), rules.join('\n')].join('\n\n') },
  ];
}

/** One keyword as a model may write it: 1. #关键词 ,「关键词」, "关键词"… */
function cleanKeyword(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const keyword = value
    .replace(/^\s*(?:\d+[.、)）]\s*)?/, '')
    .replace(/[#＃"“”'‘’「」『』【】《》]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return keyword || undefined;
}

/** The array inside `{"keywords": […]}`, a bare `[…]`, or a fenced block of either. */
function keywordArray(data: unknown): unknown[] | undefined {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    const list = record.keywords ?? record.keyword ?? record.data;
    if (Array.isArray(list)) return list;
    if (list && typeof list === 'object') return keywordArray(list);
  }
  return undefined;
}

/** The keywords of a model's answer; an empty list when the answer holds none that can be read. */
export function parseKeywordAnswer(text: string): string[] {
  const unfenced = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  const candidates = [unfenced];
  const object = [unfenced.indexOf('{'), unfenced.lastIndexOf('}')] as const;
  if (object[0] >= 0 && object[1] > object[0]) candidates.push(unfenced.slice(object[0], object[1] + 1));
  const array = [unfenced.indexOf('['), unfenced.lastIndexOf(']')] as const;
  if (array[0] >= 0 && array[1] > array[0]) candidates.push(unfenced.slice(array[0], array[1] + 1));
  for (const candidate of candidates) {
    let data: unknown;
    try {
      data = JSON.parse(candidate);
    } catch {
      continue;
    }
    const list = keywordArray(data);
    if (list) return list.map(cleanKeyword).filter((keyword): keyword is string => keyword !== undefined);
  }
  return [];
}
