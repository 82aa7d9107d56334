import { describe, expect, it } from 'vitest';
import { luminance } from './preflight-risks.js';
import { type PictureLook, markdownFacts, preflightReport } from './preflight.js';

const PUBLIC = 'https://tianma.example';

const HARD = `# 春季护肤指南

春天来了，参考 [丁香医生](https://dxy.com/a) 和 [同一个](https://dxy.com/a)，还有 [另一篇公众号](https://mp.weixin.qq.com/s/abc)。
网址直接写：https://example.org/plain ，以及 [危险](javascript:alert(1))。

![护肤台](/media/articles/a-1.png)

1. 第一步
2. 第二步
   - 嵌套 A
   - 嵌套 B
- [x] 已完成
- [ ] 未完成

<style>.x{color:red}</style>

<div class="box" id="top" style="position:absolute; background: url(https://x.example/bg.png); color: #ffffff; background-image: linear-gradient(red, blue)">盒子</div>

行内 <span style="color:#333">HTML</span> 与 <button onclick="x()">按钮</button>。

<iframe src="https://video.example/embed"></iframe>

\`\`\`ts
function f() {
\treturn 1;
}
\`\`\`

| a | b | c | d | e |
|---|---|---|---|---|
| 1 | 2 | 3 | 4 | 5 |

![精华](${PUBLIC}/media/articles/a-2.webp)

![外部](https://elsewhere.example/x.png)

![动图](/media/articles/a-3.gif) ![大图](/media/articles/a-4.jpg)
`;

const LOOKS: Record<string, PictureLook> = {
  'articles/a-1.png': { format: 'png', size: 20_000 },
  'articles/a-2.webp': { format: 'webp', size: 10_000 },
  'articles/a-3.gif': { format: 'gif', size: 30_000 },
  'articles/a-4.jpg': { format: 'jpg', size: 2 * 1024 * 1024 },
};
const inspect = async (key: string) => LOOKS[key] ?? null;
const source = (markdown: string, extra = {}) => ({ title: '春季护肤指南', markdown, coverUrl: null, authorName: null, summary: '换季护肤要点', ...extra });
const byKind = (report: Awaited<ReturnType<typeof preflightReport>>) => new Map(report.findings.map((finding) => [finding.kind, finding]));

describe('the preflight report', () => {
  it('lists what WeChat would strip or alter in a hard article, with what we do about it', async () => {
    const report = await preflightReport(source(HARD), { publicUrl: PUBLIC, theme: 'clean' }, { inspect });
    const kinds = byKind(report);
    expect(kinds.get('external-links')).toMatchObject({ count: 1, level: 'info', examples: ['https://dxy.com/a'] });
    expect(kinds.get('external-links')!.fix).toContain('参考链接');
    expect(kinds.get('plain-urls')).toMatchObject({ count: 1 });
    expect(kinds.get('unsafe-links')).toMatchObject({ count: 1 });
    // The ordered list with its nested one, and the task list.
    expect(kinds.get('lists')).toMatchObject({ count: 3 });
    expect(kinds.get('code-blocks')).toMatchObject({ count: 1 });
    expect(kinds.get('tables')).toMatchObject({ count: 1, level: 'warn' });
    expect(kinds.get('leading-title')!.message).toContain('春季护肤指南');
    expect(kinds.get('external-pictures')).toMatchObject({ count: 1, examples: ['https://elsewhere.example/x.png'] });
    expect(kinds.get('upload-pictures')).toMatchObject({ count: 4 });
    expect(kinds.get('convert-pictures')).toMatchObject({ count: 3 });
    expect(kinds.get('convert-pictures')!.examples!.join()).toMatch(/a-2\.webp.*webp/);
    expect(report.pictures).toEqual({ ours: 4, converted: 3, external: 1 });
    expect(kinds.get('raw-html')!.count).toBeGreaterThanOrEqual(4);
    for (const kind of ['html-style-block', 'html-class-id', 'html-position', 'html-interactive', 'html-background-image', 'html-gradient']) expect(kinds.has(kind), kind).toBe(true);
    expect(kinds.get('html-class-id')!.count).toBe(2);
    expect(kinds.get('html-interactive')!.count).toBe(2);
    expect(kinds.get('dark-mode-colors')!.message).toContain('原始 HTML');
    expect(kinds.has('no-cover')).toBe(false);
    for (const finding of report.findings) {
      expect(finding.message).toMatch(/[\u4e00-\u9fff]/);
      expect(finding.fix).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(report.ok).toBe(true);
    // The html is what would be sent, our addresses as they are, external pictures left out.
    expect(report.html).toContain(`${PUBLIC}/media/articles/a-1.png`);
    expect(report.html).not.toContain('elsewhere.example');
    expect(report.html).not.toMatch(/<style|<button|<iframe| class="| id="/);
    expect(report.html).toContain('&lt;button');
    expect(report.limits.map((limit) => limit.field)).toEqual(['title', 'author', 'digest', 'contentChars', 'contentBytes']);
    expect(report.limits.every((limit) => limit.ok)).toBe(true);
  });

  it('dark themes: says which dark backgrounds dark mode will recolour; the clean theme has none', async () => {
    const markdown = '## 小标题\n\n```\ncode\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n![图](/media/articles/a-1.png)';
    const dark = byKind(await preflightReport(source(markdown), { publicUrl: PUBLIC, theme: 'dark-accent' }, { inspect })).get('dark-mode-colors');
    expect(dark!.message).toContain('深色强调');
    expect(dark!.message).toContain('二级标题（#1f1f1f 深色底、#ffffff 字）');
    expect(dark!.message).toContain('代码块');
    expect(dark!.message).toContain('表头');
    expect(byKind(await preflightReport(source(markdown), { publicUrl: PUBLIC, theme: 'tech' }, { inspect })).get('dark-mode-colors')!.message).toContain('#1e2433');
    expect(byKind(await preflightReport(source(markdown), { publicUrl: PUBLIC, theme: 'clean' }, { inspect })).has('dark-mode-colors')).toBe(false);
    expect(luminance('#fff')).toBeCloseTo(1);
    expect(luminance('#000000')).toBe(0);
  });

  it('limits over, no cover, a missing picture: not ok, each named', async () => {
    const markdown = `${'很长的正文。'.repeat(4000)}\n\n![丢失](/media/articles/gone.png)\n\n![外部](https://elsewhere.example/x.png)`;
    const report = await preflightReport(source(markdown, { title: '标'.repeat(40) }), { publicUrl: PUBLIC, author: '作'.repeat(20) }, { inspect });
    expect(report.ok).toBe(false);
    const limits = new Map(report.limits.map((limit) => [limit.field, limit]));
    expect(limits.get('title')).toMatchObject({ length: 40, max: 32, ok: false });
    expect(limits.get('author')).toMatchObject({ length: 20, max: 16, ok: false });
    expect(limits.get('contentChars')!.ok).toBe(false);
    expect(limits.get('digest')!.ok).toBe(true);
    expect(byKind(report).get('broken-pictures')).toMatchObject({ level: 'block', examples: [`${PUBLIC}/media/articles/gone.png`] });
    const onlyExternal = await preflightReport(source('文字 ![外部](https://elsewhere.example/x.png)'), { publicUrl: PUBLIC }, { inspect });
    expect(byKind(onlyExternal).get('no-cover')!.level).toBe('block');
    expect(onlyExternal.ok).toBe(false);
  });

  it('plain prose: no findings beyond what is there', async () => {
    const report = await preflightReport(source('只有一段文字，没有别的。\n\n![图](/media/articles/a-1.png)'), { publicUrl: PUBLIC }, { inspect });
    expect(report.findings.map((finding) => finding.kind)).toEqual(['upload-pictures']);
    expect(report.ok).toBe(true);
    expect(markdownFacts('`<b>` in code is not html', PUBLIC).rawHtml).toEqual([]);
  });
});
