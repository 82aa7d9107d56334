import { describe, expect, it } from 'vitest';
import { extractTopicTerms } from '../../src/generation/composer/topic-terms.js';
import { parseTopic } from '../../src/topic/parse-topic.js';
import { briefOf, writeOffline } from './offline-articles.js';

describe('a genre with a period or a person before it (一周工作总结)', () => {
  it('names the work, not the period or the person, as the subject', () => {
    for (const topic of ['一周工作总结', '个人工作总结', '本周工作总结', '年度工作总结']) {
      expect(extractTopicTerms(topic)).toEqual({ topic: '工作', main: '工作', terms: ['工作'] });
    }
    expect(extractTopicTerms('一周读书笔记').main).toBe('读书');
    // Nothing but a qualifier before the report: the report itself is the subject.
    expect(extractTopicTerms('个人年终总结').main).toBe('年终总结');
  });

  it('is read so by the topic parser, which the model prompts and the offline writer both use', () => {
    expect(parseTopic('一周工作总结')).toMatchObject({ subject: '工作', genre: '工作总结', keyTerms: ['工作'] });
    expect(parseTopic('个人年终总结')).toMatchObject({ subject: '年终总结', genre: '年终总结' });
    expect(parseTopic('2026年春晚观后感')).toMatchObject({ genre: '观后感' });
    expect(parseTopic('2026年春晚观后感').subject).toContain('春晚');
  });

  it('is written as the report genre it names, under the genre as title', async () => {
    const { markdown } = await writeOffline(briefOf({ topic: '一周工作总结', platform: 'wechat', type: 'practical_guide', style: 'accessible_easyread', length: 1200 }));
    expect(markdown.split('\n')[0]).toBe('# 工作总结');
    // The work-report pack's knowledge (周报, 计划, 结论) rather than a generic guide to 工作.
    expect(markdown).toMatch(/周报/u);
    expect(markdown).not.toContain('工作工作');
  });

  it('leaves subjects that are not a qualifier alone', () => {
    expect(extractTopicTerms('月度销售报告').main).toBe('月度销售报告');
    expect(extractTopicTerms('第一次养猫要准备什么').main).not.toBe('工作');
    expect(extractTopicTerms('城市夜跑').main).toBe('城市夜跑');
  });

  it('writes about 工作, never about 一周 or 个人 as a thing', async () => {
    for (const topic of ['一周工作总结', '个人工作总结']) {
      const qualifier = topic.slice(0, 2);
      const { markdown } = await writeOffline(briefOf({ topic, platform: 'wechat', type: 'practical_guide', style: 'efficient_concise', length: 1200 }));
      const body = markdown.replace(/^# .*$/m, '');
      expect(body).toContain('工作');
      // 「关于一周」「一周这件事」「一周的准备工作」: the qualifier put in the subject's slot.
      expect(body).not.toMatch(new RegExp(`(关于|围绕|在)${qualifier}|${qualifier}(这件事|的准备|别在|新手|并不)`, 'u'));
    }
  });
});
