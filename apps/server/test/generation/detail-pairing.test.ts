import { describe, expect, it } from 'vitest';
import { pairDetails } from '../../src/generation/composer/section-content.js';

describe('pairing a section’s points with their details', () => {
  const points = ['猫粮、水碗和猫砂盆是第一天就要用上的', '猫砂盆放在安静、远离食盆的角落', '尽早带去做一次体检，按兽医建议安排疫苗和驱虫'];
  const details = [
    '疫苗和驱虫的时间表，按兽医的安排来。',
    '猫粮先买和原主人或猫舍一样的那种，换粮要慢慢来。',
    '猫砂盆放在安静的角落，别放在食盆旁边。',
    '剪指甲的工具和梳子可以晚点买。',
  ];

  it('puts each detail under the point it shares the most words with, each detail once', () => {
    const pairs = pairDetails(points, details);
    expect(pairs.map((pair) => pair.detail).sort()).toEqual([...details].sort());
    const pointOf = (detail: string) => pairs.find((pair) => pair.detail === detail)!.point;
    expect(pointOf(details[0]!)).toBe(2);
    expect(pointOf(details[1]!)).toBe(0);
    expect(pointOf(details[2]!)).toBe(1);
  });

  it('is the same whatever the order the details come in, and gives a detail with no tie to the emptiest point', () => {
    const pairs = pairDetails(points, details);
    const reversed = pairDetails(points, [...details].reverse());
    const byDetail = (list: typeof pairs) => Object.fromEntries(list.map((pair) => [pair.detail, pair.point]));
    expect(byDetail(reversed)).toEqual(byDetail(pairs));
    const loose = pairs.find((pair) => pair.detail === details[3]);
    expect(loose!.round).toBe(1);
  });

  it('ranks a point’s closest detail first', () => {
    const pairs = pairDetails(['准备猫砂盆'], ['梳子可以晚点买。', '猫砂盆的数量最好比猫多一个。']);
    expect(pairs).toEqual([
      { detail: '猫砂盆的数量最好比猫多一个。', point: 0, round: 0 },
      { detail: '梳子可以晚点买。', point: 0, round: 1 },
    ]);
  });
});
