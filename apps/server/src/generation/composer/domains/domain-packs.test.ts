import { countCjkLength } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { parseTopic } from '../../../topic/parse-topic.js';
import { countStockPhrases } from '../../style/stock-phrases.js';
import { DOMAIN_PACKS } from './index.js';
import { matchDomain } from './match-domain.js';

const match = (topic: string) => matchDomain(parseTopic(topic), DOMAIN_PACKS)?.key;

describe('domain packs', () => {
  it('cover both plans in every pack', () => {
    for (const pack of DOMAIN_PACKS) {
      const moves = pack.facets.map((facet) => facet.move);
      for (const move of ['准备', '常见坑', '检查清单', '场景', '清单', '对比', '怎么选'] as const) expect(moves, `${pack.key} ${move}`).toContain(move);
      expect(moves.filter((move) => move === '步骤').length, `${pack.key} 步骤`).toBeGreaterThanOrEqual(2);
      expect(pack.checklist.length, pack.key).toBeGreaterThanOrEqual(6);
      expect(pack.triggers.length, pack.key).toBeGreaterThan(0);
    }
  });

  it('hold whole sentences and clauses of the promised shape', () => {
    for (const pack of DOMAIN_PACKS) {
      for (const facet of pack.facets) {
        const where = `${pack.key}/${facet.key}`;
        expect(countCjkLength(facet.key), where).toBeLessThanOrEqual(4);
        expect(facet.question, where).toMatch(/？$/u);
        expect(facet.heading, where).not.toMatch(/^第.步/u);
        expect(facet.points.length, where).toBeGreaterThanOrEqual(2);
        expect(facet.details.length, where).toBeGreaterThanOrEqual(4);
        for (const point of facet.points) expect(point, where).not.toMatch(/[。！？；]$/u);
        for (const detail of facet.details) expect(detail, where).toMatch(/[。！？]$/u);
        // Templates are filled elsewhere; pack text is plain and must not look like a slot.
        for (const text of [facet.heading, facet.question, ...facet.points, ...facet.details]) expect(text, where).not.toMatch(/[{}]/u);
      }
    }
  });

  it('say nothing a writer without sources cannot stand behind', () => {
    const all = DOMAIN_PACKS.flatMap((pack) => pack.facets.flatMap((facet) => [facet.heading, facet.question, ...facet.points, ...facet.details]));
    for (const text of all) {
      expect(text).not.toMatch(/据统计|研究表明|数据显示|专家(?:说|表示|指出)|调查显示|\d+(?:\.\d+)?\s*%|百分之|\d{4}年/u);
      expect(countStockPhrases(text).hits, text).toEqual([]);
    }
  });

  it('never repeat a sentence, within a pack or across packs', () => {
    const seen = new Map<string, string>();
    for (const pack of DOMAIN_PACKS) {
      for (const detail of pack.facets.flatMap((facet) => facet.details)) {
        expect(seen.get(detail), `${pack.key}: ${detail}`).toBeUndefined();
        seen.set(detail, pack.key);
      }
    }
  });

  it('match what a request is about, not who writes it or a word that only looks alike', () => {
    expect(match('第一次养猫要准备什么')).toBe('cat');
    expect(match('如何给三岁孩子挑选绘本')).toBe('picture-books');
    expect(match('2027年国考行测备考计划')).toBe('civil-exam');
    expect(match('用通俗的话解释什么是指数基金定投')).toBe('index-fund');
    expect(match('熊猫为什么爱吃竹子')).toBeUndefined();
    expect(match('县城的奶茶店为什么越开越多')).toBeUndefined();
    expect(match('你是宠物博主，写一篇关于城市夜跑的心得')).toBe('running');
    // The head of the subject decides between two packs it names: 考研英语 is about English.
    expect(match('考研英语怎么复习')).toBe('english');
    expect(match('夏天怎么防晒')).toBe('skincare');
    // The packs added with decision 084.
    expect(match('买二手车要检查哪些地方')).toBe('used-car');
    expect(match('新手怎么做抖音账号')).toBe('short-video');
    expect(match('零基础怎么学Python')).toBe('coding-start');
    expect(match('科目二倒车入库技巧')).toBe('driving-license');
    expect(match('怎么做一份好看的PPT')).toBe('slides');
    expect(match('第一次买房要注意什么')).toBe('home-buying');
    expect(match('宝宝吃什么辅食')).toBe('baby-food');
    expect(match('三十岁转行还来得及吗')).toBe('career-change');
    expect(match('通勤穿搭推荐')).toBe('outfit');
    expect(match('二手房过户流程')).toBe('home-buying');
  });

  it('tell a review of the work from a report on it, and both from their neighbours', () => {
    for (const topic of ['周末如何高效复盘一周的工作', '怎么做好周复盘', '项目复盘会怎么开', '月度复盘怎么做']) expect(match(topic), topic).toBe('weekly-review');
    for (const topic of ['周报怎么写', '年终总结怎么写', '写周报有什么技巧', '如何写好季度总结']) expect(match(topic), topic).toBe('work-report');
    for (const topic of ['年终奖怎么算', '如何管理时间', '读书笔记怎么写', '怎么向领导汇报工作', '简历怎么写', '年终总结大会主持稿']) {
      expect(match(topic), topic).not.toBe('weekly-review');
      expect(match(topic), topic).not.toBe('work-report');
    }
    // 复盘 in a game, a match, the market or an exam is another domain's word.
    for (const topic of ['围棋复盘怎么做', '今日股市复盘', '剧本杀复盘', '考研失败后的复盘']) expect(match(topic), topic).not.toBe('weekly-review');
    // A review of something a pack knows stays with that pack: the head of the subject decides.
    expect(match('面试失败后如何复盘')).toBe('interview');
    expect(match('读书复盘')).toBe('reading');
    expect(match('如何克服拖延')).toBe('time-management');
  });
});
