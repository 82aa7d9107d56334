import { countCjkLength } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { parseTopic } from '../../../topic/parse-topic.js';
import { countStockPhrases } from '../../style/stock-phrases.js';
import type { DomainFacet } from './domain-pack.js';
import { DOMAIN_PACKS, ESSAY_PACKS, INDUSTRY_PACKS } from './index.js';
import { matchDomain } from './match-domain.js';

const MOVES: DomainFacet['move'][] = ['背景', '格局', '驱动因素', '趋势', '建议', '现象', '原因', '影响', '判断'];
const match = (topic: string) => matchDomain(parseTopic(topic), INDUSTRY_PACKS)?.key;

describe('industry packs', () => {
  it('cover the industry analysis’s plan and the commentary’s, a facet per move', () => {
    for (const pack of INDUSTRY_PACKS) {
      expect(pack.facets.map((facet) => facet.move).sort(), pack.key).toEqual([...MOVES].sort());
      expect(pack.checklist.length, pack.key).toBeGreaterThanOrEqual(6);
      expect(pack.terms.length, pack.key).toBeGreaterThanOrEqual(4);
      for (const trigger of pack.triggers) expect(countCjkLength(trigger), `${pack.key} ${trigger}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('hold whole sentences and clauses of the promised shape', () => {
    for (const pack of INDUSTRY_PACKS) {
      for (const facet of pack.facets) {
        const where = `${pack.key}/${facet.key}`;
        expect(countCjkLength(facet.key), where).toBeLessThanOrEqual(4);
        expect(countCjkLength(facet.heading), where).toBeGreaterThanOrEqual(4);
        expect(countCjkLength(facet.heading), where).toBeLessThanOrEqual(14);
        expect(facet.heading, where).not.toMatch(/^第.步|？$/u);
        expect(facet.question, where).toMatch(/？$/u);
        expect(facet.points.length, where).toBeGreaterThanOrEqual(3);
        expect(facet.details.length, where).toBeGreaterThanOrEqual(6);
        for (const point of facet.points) expect(point, where).not.toMatch(/[。！？；，]$/u);
        for (const detail of facet.details) expect(detail, where).toMatch(/[。！？]$/u);
        for (const text of [facet.heading, facet.question, ...facet.points, ...facet.details]) expect(text, where).not.toMatch(/[{}]/u);
      }
    }
  });

  it('say nothing a writer without sources cannot stand behind: no figures, no years, no sources, no stock phrases', () => {
    const all = INDUSTRY_PACKS.flatMap((pack) => pack.facets.flatMap((facet) => [facet.heading, facet.question, ...facet.points, ...facet.details]));
    for (const text of all) {
      expect(text).not.toMatch(/据统计|研究表明|数据显示|专家(?:说|表示|指出)|调查显示|[0-9０-９]|百分之|\d{4}年/u);
      expect(countStockPhrases(text).hits, text).toEqual([]);
    }
  });

  it('never repeat a sentence of any pack', () => {
    const seen = new Map<string, string>();
    for (const pack of [...DOMAIN_PACKS, ...ESSAY_PACKS, ...INDUSTRY_PACKS]) {
      for (const detail of pack.facets.flatMap((facet) => facet.details)) {
        expect(seen.get(detail), `${pack.key}: ${detail}`).toBeUndefined();
        seen.set(detail, pack.key);
      }
    }
  });

  it('match the industry a request names, and leave other topics alone', () => {
    expect(match('2026年中小企业数字化转型')).toBe('sme-digital');
    expect(match('跨境电商出海东南亚')).toBe('cross-border-ecommerce');
    expect(match('为什么县城的奶茶店越开越多')).toBe('tea-drinks');
    expect(match('预制菜行业分析')).toBe('prepared-meals');
    expect(match('大模型推理成本为什么在下降')).toBe('ai-industry');
    expect(match('AI编程助手对初级程序员的影响')).toBe('ai-industry');
    expect(match('直播带货还能火多久')).toBe('live-commerce');
    expect(match('银发经济有哪些机会')).toBe('silver-economy');
    expect(match('宠物经济为什么这么火')).toBe('pet-economy');
    for (const topic of ['第一次养猫要准备什么', '城市夜跑', '如何给三岁孩子挑选绘本', '手冲咖啡入门', '新能源汽车值不值得买']) expect(match(topic), topic).toBeUndefined();
  });
});
