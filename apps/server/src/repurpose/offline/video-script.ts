import { REPURPOSE_LIMITS } from '@tianma/shared';
import { charLength } from '../../revisions/offline/sentences.js';
import { allSentences, type SourceArticle, type SourceSentence, sectionSentences } from '../source-article.js';
import { fitAtBoundary, pickSentences, Said, usable } from './pick.js';
import type { RepurposeDraft } from './types.js';

/**
 * 短视频脚本 (抖音/快手) without a model: a hook for the first three seconds (a short question of
 * the source, else its most concrete clause), a 口播稿 of the sections' key sentences in timed
 * segments (about 4 characters a second), and the shot list: 镜头 | 画面 | 台词 | 时长. 画面 is
 * a direction made of the section's own heading and picture, never a scene the source lacks.
 */

const { videoCharsPerSecond: CPS, videoHookSeconds: HOOK_SECONDS } = REPURPOSE_LIMITS;
const length = (text: string) => [...text].length;
/** The spoken script's aim: 90 seconds. */
const AIM_SECONDS = 90;
/** A shot carries at most this many characters (about 15 seconds). */
const SHOT_CHARS = 60;

export interface Shot {
  picture: string;
  words: string;
  seconds: number;
}

export const secondsFor = (words: string) => Math.max(2, Math.ceil(charLength(words) / CPS));

/** 0:03 */
export function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A clause that leans on another (如果…, 因为…, 还有…): no hook on its own. */
const DEPENDENT = /^(?:如果|要是|假如|虽然|尽管|因为|由于|当|除了|还有|而且|并且|但|可|所以|因此|也|就|才)/u;

/**
 * The hook, said within three seconds (12 characters): a short question of the source, else a
 * clause of it that carries a number (从家到公司单程8公里), else its best sentence's leading
 * clause, else the title's first words. Each a piece of the source, cut at a comma.
 */
function chooseHook(source: SourceArticle, used: Said): string {
  const limit = HOOK_SECONDS * CPS;
  const sentences = allSentences(source)
    .filter(usable)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const question = sentences.find((s) => s.question && s.length <= limit);
  if (question) {
    used.add(question.order, question.text);
    return question.text;
  }
  const clauses = (sentence: SourceSentence) => sentence.text.split(/[，,；;：:]/u).map((clause) => clause.replace(/[。！？!?…]+$/u, '').trim());
  const fits = (clause: string) => length(clause) >= 6 && length(clause) <= limit - 1 && !DEPENDENT.test(clause);
  for (const numbered of [true, false]) {
    for (const sentence of sentences) {
      const clause = clauses(sentence).find((c) => fits(c) && (!numbered || /\d/u.test(c)));
      if (clause) {
        used.add(sentence.order, sentence.text);
        return `${clause}。`;
      }
    }
  }
  return fitAtBoundary(source.title, limit);
}

export function toVideoScript(source: SourceArticle): RepurposeDraft {
  const title = fitAtBoundary(source.title, REPURPOSE_LIMITS.toutiaoTitle);
  const used = new Said();
  const hook = chooseHook(source, used);
  const hookSeconds = Math.max(HOOK_SECONDS, secondsFor(hook));

  const sections = source.sections.filter((section) => section.paragraphs.length > 0);
  const budget = (AIM_SECONDS - hookSeconds) * CPS;
  const weights = sections.map((section) => Math.max(1, sectionSentences(section).filter(usable).length));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const shots: Shot[] = [{ picture: `口播人近景出镜，字幕「${hook}」`, words: hook, seconds: hookSeconds }];
  sections.forEach((section, i) => {
    const share = Math.max(30, Math.round((budget * weights[i]!) / totalWeight));
    const picked = pickSentences(sectionSentences(section), { budget: share, used, statements: section.role !== 'intro' && section.role !== 'lead', maxLength: SHOT_CHARS });
    const picture = section.pictures[0];
    const subject = section.heading ?? source.title;
    let words = '';
    const flush = (index: number) => {
      if (!words) return;
      const shown = picture && index === 0 ? `字幕「${subject}」，配原文图片「${picture.alt || subject}」` : `字幕「${subject}」，口播人出镜`;
      shots.push({ picture: shown, words, seconds: secondsFor(words) });
      words = '';
    };
    let index = 0;
    for (const sentence of picked) {
      if (words && charLength(words + sentence) > SHOT_CHARS) {
        flush(index);
        index += 1;
      }
      words += sentence;
    }
    flush(index);
  });
  fitLength(shots, allSentences(source), used);

  let at = 0;
  const timed = shots.map((shot) => {
    const range = `${clock(at)}–${clock(at + shot.seconds)}`;
    at += shot.seconds;
    return { ...shot, range };
  });
  const [opening, ...spoken] = timed;
  const cell = (text: string) => text.replace(/\|/gu, '｜');
  const markdown = [
    `# ${title}`,
    '## 开头3秒钩子',
    `**${opening!.range}** ${opening!.words}`,
    '## 口播稿',
    ...spoken.map((shot) => `**${shot.range}** ${shot.words}`),
    '## 分镜表',
    ['| 镜头 | 画面 | 台词 | 时长 |', '| --- | --- | --- | --- |', ...timed.map((shot, i) => `| ${i + 1} | ${cell(shot.picture)} | ${cell(shot.words)} | ${shot.seconds}秒 |`)].join('\n'),
    `总时长约 ${at} 秒。`,
  ].join('\n\n');
  return {
    title,
    markdown: `${markdown}\n`,
    coverUrl: source.coverUrl ?? source.pictures[0]?.url ?? null,
    extra: { seconds: at, shots: timed.map(({ range, seconds }) => ({ range, seconds })) },
  };
}

/** Within 60–120 seconds: shots dropped from the end above the maximum (the hook and the last stay); sentences added below the minimum while the source has any. */
function fitLength(shots: Shot[], sentences: readonly SourceSentence[], used: Said): void {
  const { min, max } = REPURPOSE_LIMITS.videoSeconds;
  const total = () => shots.reduce((sum, shot) => sum + shot.seconds, 0);
  while (total() > max && shots.length > 3) shots.splice(shots.length - 2, 1);
  while (total() < min) {
    const [more] = pickSentences(sentences, { budget: SHOT_CHARS, used, statements: true, maxLength: SHOT_CHARS, max: 1 });
    if (!more) break;
    shots.splice(shots.length - 1, 0, { picture: '口播人出镜，字幕同台词', words: more, seconds: secondsFor(more) });
  }
}
