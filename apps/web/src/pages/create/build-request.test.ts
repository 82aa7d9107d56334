import { describe, expect, it } from 'vitest';
import { buildAdvancedRequest, buildGuidedRequest, resolveChoice, splitKeywords } from './build-request';
import { advancedDefaults, guidedDefaults } from './form-values';

describe('buildGuidedRequest', () => {
  it('sends the five wire fields with the trimmed topic, the id as a string and the rest under settings', () => {
    const request = buildGuidedRequest({ ...guidedDefaults(), topic: '  如何高效学习 ', length: 2500, platform: 'zhihu' }, 7);
    expect(request).toEqual({
      topic: '如何高效学习',
      advanced_mode: false,
      deepspaceId: '7',
      settings: { audience: 'worker', type: 'practical_guide', style: 'professional_logical', length: 2500, platform: 'zhihu' },
      connection_id: null,
    });
  });

  it('keeps the id 0 as "0"', () => {
    expect(buildGuidedRequest({ ...guidedDefaults(), topic: 'x' }, 0).deepspaceId).toBe('0');
  });

  it('replaces 自定义 by the typed audience', () => {
    const request = buildGuidedRequest({ ...guidedDefaults(), topic: 'x', audience: 'custom', customAudience: ' 新手设计师 ' }, 7);
    expect(request.settings.audience).toBe('新手设计师');
    expect(request.settings.customAudience).toBe('新手设计师');
  });

  it('ignores typed words left behind when another audience is chosen', () => {
    const request = buildGuidedRequest({ ...guidedDefaults(), topic: 'x', audience: 'student', customAudience: '旧的' }, 7);
    expect(request.settings.audience).toBe('student');
    expect(request.settings).not.toHaveProperty('customAudience');
  });
});

describe('resolveChoice', () => {
  it('keeps custom when the custom text is blank', () => {
    expect(resolveChoice('custom', '  ')).toBe('custom');
    expect(resolveChoice('custom', '跨境电商')).toBe('跨境电商');
    expect(resolveChoice('legal', '跨境电商')).toBe('legal');
  });
});

describe('buildAdvancedRequest', () => {
  const base = { ...advancedDefaults(), topic: '数字化转型指南' };

  it('marks the run advanced and sends the defaults without knowledge, reference or SEO', () => {
    const request = buildAdvancedRequest(base, 42);
    expect(request.advanced_mode).toBe(true);
    expect(request.deepspaceId).toBe('42');
    expect(request.settings).toEqual({
      audience: 'worker',
      industry: 'unlimited',
      type: 'practical_guide',
      style: 'professional_logical',
      length: 3000,
      platform: 'wechat',
      useKnowledgeBase: false,
      tempKnowledgeBaseId: null,
      useReferenceDoc: false,
      referenceUrl: null,
      referenceText: null,
      enableSeo: false,
      seoKeywords: [],
      seoOptions: { optimizePlatform: true, optimizeTitleAndContent: true },
    });
  });

  it('replaces a custom industry and audience by the typed words', () => {
    const { settings } = buildAdvancedRequest(
      { ...base, industry: 'custom', customIndustry: '跨境电商', audience: 'custom', customAudience: '工厂老板' },
      42,
    );
    expect(settings.industry).toBe('跨境电商');
    expect(settings.customIndustry).toBe('跨境电商');
    expect(settings.audience).toBe('工厂老板');
  });

  it('sends knowledge document ids only when the knowledge base is on and has files', () => {
    const on = buildAdvancedRequest(base, 42, { enabled: true, sessionId: 's1', documentIds: ['d1', 'd2'] });
    expect(on.settings).toMatchObject({ useKnowledgeBase: true, tempKnowledgeBaseId: 's1', knowledgeDocumentIds: ['d1', 'd2'] });

    const empty = buildAdvancedRequest(base, 42, { enabled: true, sessionId: 's1', documentIds: [] });
    expect(empty.settings).toMatchObject({ useKnowledgeBase: true, tempKnowledgeBaseId: 's1' });
    expect(empty.settings).not.toHaveProperty('knowledgeDocumentIds');

    const off = buildAdvancedRequest(base, 42, { enabled: false, sessionId: 's1', documentIds: ['d1'] });
    expect(off.settings).toMatchObject({ useKnowledgeBase: false, tempKnowledgeBaseId: null });
    expect(off.settings).not.toHaveProperty('knowledgeDocumentIds');
  });

  it('takes the knowledge base the form put into the values', () => {
    const values = { ...base, knowledge: { enabled: true, sessionId: 'kb-1', documentIds: ['doc-a'] } };
    expect(buildAdvancedRequest(values, 42).settings).toMatchObject({
      useKnowledgeBase: true,
      tempKnowledgeBaseId: 'kb-1',
      knowledgeDocumentIds: ['doc-a'],
    });
    // The form value never travels as a setting of its own.
    expect(buildAdvancedRequest(values, 42).settings).not.toHaveProperty('knowledge');
  });

  it('does not use a knowledge base that is on but has no session (expired or never uploaded)', () => {
    const { settings } = buildAdvancedRequest({ ...base, knowledge: { enabled: true, sessionId: null, documentIds: [] } }, 42);
    expect(settings).toMatchObject({ useKnowledgeBase: false, tempKnowledgeBaseId: null });
    expect(settings).not.toHaveProperty('knowledgeDocumentIds');
  });

  it('sends the reference link or the reference text, never both', () => {
    const filled = { ...base, useReferenceDoc: true, referenceUrl: ' https://example.com/a ', referenceText: '一段正文' };
    expect(buildAdvancedRequest({ ...filled, referenceType: 'url' }, 42).settings).toMatchObject({
      useReferenceDoc: true,
      referenceUrl: 'https://example.com/a',
      referenceText: null,
    });
    expect(buildAdvancedRequest({ ...filled, referenceType: 'text' }, 42).settings).toMatchObject({
      useReferenceDoc: true,
      referenceUrl: null,
      referenceText: '一段正文',
    });
    expect(buildAdvancedRequest({ ...filled, useReferenceDoc: false }, 42).settings).toMatchObject({
      useReferenceDoc: false,
      referenceUrl: null,
      referenceText: null,
    });
  });

  it('splits the SEO keywords only while SEO is on', () => {
    const seo = { ...base, seoKeywords: '转型, 中小企业，ERP、 ,', seoOptions: { optimizePlatform: false, optimizeTitleAndContent: true } };
    expect(buildAdvancedRequest({ ...seo, enableSeo: true }, 42).settings).toMatchObject({
      enableSeo: true,
      seoKeywords: ['转型', '中小企业', 'ERP'],
      seoOptions: { optimizePlatform: false, optimizeTitleAndContent: true },
    });
    expect(buildAdvancedRequest({ ...seo, enableSeo: false }, 42).settings.seoKeywords).toEqual([]);
  });
});

describe('splitKeywords', () => {
  it('drops blanks', () => {
    expect(splitKeywords(' , ,')).toEqual([]);
  });
});
