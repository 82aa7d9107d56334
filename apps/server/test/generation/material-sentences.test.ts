import { describe, expect, it } from 'vitest';
import type { Material } from '../../src/generation/agents/types.js';
import { chooseDigest } from '../../src/generation/composer/material-digest.js';
import { dropRequotes, isRealSentence, isStructuralLine, materialSentences } from '../../src/generation/composer/material-sentences.js';

describe('isRealSentence', () => {
  it.each([
    '磷酸铁锂电池在零下十度时的可用容量通常只有常温时的七成左右。',
    '日常通勤建议把电量保持在百分之二十到百分之八十之间，这样电池衰减最慢。',
    '星河咖啡2025年门店数达到1280家，其中华东地区占比百分之四十二。',
    '你真的需要一块续航超过六百公里的电池吗？',
    '退役电池的剩余容量普遍较低；',
  ])('takes a real sentence: %s', (sentence) => {
    expect(isRealSentence(sentence)).toBe(true);
  });

  it.each([
    ['a markdown heading', '## 二、日常使用与保养建议说明。'],
    ['a numbered heading', '一、动力电池回收体系的建设情况。'],
    ['a list item', '- 软包电芯，能量密度高但对外壳要求严格。'],
    ['a numbered list item', '1. 避免在高温环境下长时间快充电池。'],
    ['a table row', '| 磷酸铁锂电池 | 每公斤160瓦时左右 | 3000次以上 |'],
    ['a caption', '表1：两类电芯的主要参数对比与循环寿命说明。'],
    ['a URL', '详见 https://example.cn/battery-guide 的充电说明和保养建议。'],
    ['too short', '电池衰减很慢。'],
    ['no end mark (a heading or a cut line)', '动力电池回收体系的建设与梯次利用'],
    ['no predicate', '2025年全国新能源汽车动力电池装机量统计表。'],
    ['a fragment after a cut quotation', '”这是他在发布会上反复强调过的一句话。'],
  ])('refuses %s', (_what, sentence) => {
    expect(isRealSentence(sentence)).toBe(false);
  });
});

describe('isStructuralLine', () => {
  it('tells structure from prose', () => {
    expect(isStructuralLine('### 三、保养与回收')).toBe(true);
    expect(isStructuralLine('（二）电池检测')).toBe(true);
    expect(isStructuralLine('| --- | --- |')).toBe(true);
    expect(isStructuralLine('• 方形电芯')).toBe(true);
    expect(isStructuralLine('3.5%的车主每年做一次电池检测，费用在两百元以内。')).toBe(false);
    expect(isStructuralLine('正规门店的电池检测一般包括绝缘电阻和单体压差两项。')).toBe(false);
  });
});

describe('materialSentences', () => {
  const chunk = [
    '【动力电池手册 > 二、日常使用】## 二、日常使用',
    '',
    '磷酸铁锂电池在零下十度时的可用容量通常只有常温时的七成左右。日常通勤建议把电量保持在',
    '百分之二十到百分之八十之间，这样电池衰减最慢。',
    '',
    '- 避免长时间满电停放，也不要在高温下快充。',
    '| 类型 | 能量密度 |',
    '磷酸铁锂电池在零下十度时的可用容量通常只有常温时的七成左右。',
    '长期停放的车辆',
  ].join('\n');

  it('keeps only the real sentences, once each, joining lines a PDF broke', () => {
    expect(materialSentences(chunk)).toEqual([
      '磷酸铁锂电池在零下十度时的可用容量通常只有常温时的七成左右。',
      '日常通勤建议把电量保持在百分之二十到百分之八十之间，这样电池衰减最慢。',
    ]);
  });
});

describe('chooseDigest', () => {
  const material = (id: string, content: string): Material => ({ id, source: 'knowledge', title: `${id}.md`, content });
  const materials = [
    material('a', '电池在低温下可用容量会明显下降，冬天续航通常缩水三成。正规门店的电池检测费用一般在两百元以内。'),
    material('b', '冬天续航缩水的主要原因是低温下电池的可用容量下降。退役电池可以进入储能电站梯次利用。'),
  ];

  it('ranks by relevance to the section and passes over a sentence that repeats a chosen one', () => {
    const similar = [
      material('x', '冬天低温下电池的可用容量下降，续航通常缩水三成。正规门店的电池检测费用一般在两百元以内。'),
      material('y', '冬天低温下电池的可用容量下降，续航往往缩水三成左右。出发前预热电池可以减少冬天的续航损失。'),
    ];
    const picks = chooseDigest(similar, '冬天 续航 缩水', 2).map((pick) => pick.sentence);
    expect(picks[0]).toMatch(/^冬天低温下电池的可用容量下降/u);
    expect(picks[1]).toBe('出发前预热电池可以减少冬天的续航损失。');
  });

  it('never offers a sentence already used', () => {
    const first = chooseDigest(materials, '电池检测 费用', 4);
    const used = new Set(first.slice(0, 1).map((pick) => pick.sentence.replace(/[\s\p{P}\p{S}]/gu, '')));
    expect(chooseDigest(materials, '电池检测 费用', 4, { used }).map((pick) => pick.sentence)).not.toContain(first[0]!.sentence);
  });
});

describe('dropRequotes', () => {
  it('drops a quotation made earlier and the sentence that points back to it', () => {
    const quoted = new Set<string>();
    expect(dropRequotes(['资料提到：“电池检测费用一般在两百元以内”[1]。'], quoted)).toHaveLength(1);
    expect(dropRequotes(['另一份资料说：“电池检测费用一般在两百元以内”[2]。', '这句话点出了关键。', '再说说保养。'], quoted)).toEqual(['再说说保养。']);
    expect(dropRequotes(['资料里写道：“电池检测费用一般在两百元以内”[3]。', '放在电池上看，这句话同样适用。', '再说说保养。'], quoted)).toEqual(['再说说保养。']);
  });
});
