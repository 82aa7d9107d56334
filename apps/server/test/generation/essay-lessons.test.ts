import { describe, expect, it } from 'vitest';
import { parseTopic } from '../../src/topic/parse-topic.js';
import { titleFor } from '../../src/topic/topic-titles.js';
import { writeOffline } from '../helpers/offline-article.js';

/*
 * An essay on something people do, with no scenes of its own (城市夜跑): the offline writer tells
 * what the practical pack knows about it, in the essay's voice, instead of a story about nothing
 * with the topic pasted in; and a subject that is the writer's own story keeps it as its title.
 */

describe('an essay with a practical pack and no scenes', () => {
  it('is made of the domain’s knowledge, without a stranger’s story or a story it does not tell', async () => {
    const { text } = await writeOffline('城市夜跑', { type: 'experience_story_essay', style: 'vivid_experience', length: 1000, audience: '特定领域爱好者' });
    // The running pack's matter: shoes, reflective clothes at night, warming up.
    expect(text).toMatch(/跑鞋/);
    expect(text).toMatch(/反光/);
    expect(text).toMatch(/热身/);
    // No headings of the generic narrative with the topic pasted in, and no invented witness.
    expect(text).not.toMatch(/和城市夜跑有关的那个/);
    expect(text).not.toMatch(/老陈|阿凯|小鱼/);
    expect(text).not.toMatch(/那段经历会一直陪着我/);
  });

  it('still tells scenes where an essay pack has them', async () => {
    const { text } = await writeOffline('城市的夜晚', { type: 'experience_story_essay', style: 'vivid_experience', length: 800 });
    expect(text).toMatch(/地铁|路灯|便利店|夜/);
    expect(text).not.toMatch(/跑鞋/);
  });
});

describe('titles of a personal subject', () => {
  it.each(['我的考研经历', '第一次养猫的那一年', '学做饭这件小事'])('titles 「%s」 as given on WeChat and Zhihu', (topic) => {
    const parsed = parseTopic(topic);
    expect(titleFor(parsed, 'wechat', 'seed-1')).toBe(topic);
    expect(titleFor(parsed, 'zhihu', 'seed-2')).toBe(topic);
    expect(titleFor(parsed, 'xiaohongshu', 'seed-3').startsWith(topic)).toBe(true);
  });

  it('leaves other subjects to the frames', () => {
    expect(titleFor(parseTopic('城市夜跑'), 'wechat', 'seed-1')).not.toBe('城市夜跑');
  });
});

describe('the main term of an impact', () => {
  it('is what acts, then on whom (AI编程助手对初级程序员的影响)', () => {
    expect(parseTopic('AI编程助手对初级程序员的影响').keyTerms.slice(0, 2)).toEqual(['AI编程助手', '初级程序员']);
    expect(parseTopic('短视频对青少年的影响').keyTerms.slice(0, 2)).toEqual(['短视频', '青少年']);
  });
});
