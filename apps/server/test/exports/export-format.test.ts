import { describe, expect, it } from 'vitest';
import { storageKeyOf } from '../../src/exports/article-images.js';
import { attachmentHeader, exportQuerySchema, safeFileName } from '../../src/exports/export-format.js';

describe('safeFileName', () => {
  it('keeps Chinese titles and removes what file systems refuse', () => {
    expect(safeFileName('春季护肤指南')).toBe('春季护肤指南');
    expect(safeFileName(' a/b\\c:d*e?f"g<h>i|j ')).toBe('a b c d e f g h i j');
    expect(safeFileName('..\u0000隐藏.')).toBe('隐藏');
    expect(safeFileName('字'.repeat(80))).toBe('字'.repeat(60));
  });

  it('falls back to 天马文章', () => {
    expect(safeFileName('')).toBe('天马文章');
    expect(safeFileName(null)).toBe('天马文章');
    expect(safeFileName(' /// ... ')).toBe('天马文章');
  });
});

describe('attachmentHeader', () => {
  it('percent-encodes the UTF-8 name, quotes and brackets included', () => {
    expect(attachmentHeader("春(1)'s*.md", 'article.md')).toBe(
      "attachment; filename=\"article.md\"; filename*=UTF-8''%E6%98%A5%281%29%27s%2A.md",
    );
  });
});

describe('exportQuerySchema', () => {
  it('accepts the four formats and refuses others in Chinese', () => {
    for (const format of ['md', 'docx', 'wechat-html', 'xhs-cards']) expect(exportQuerySchema.parse({ format })).toEqual({ format });
    const refused = exportQuerySchema.safeParse({ format: 'pdf' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^不支持的导出格式/);
  });
});

describe('storageKeyOf', () => {
  const site = 'https://tianma.example';
  it('reads only our own article images', () => {
    expect(storageKeyOf('/media/articles/a1-1.png', site)).toBe('articles/a1-1.png');
    expect(storageKeyOf(`${site}/media/articles/a1-2.webp`, site)).toBe('articles/a1-2.webp');
    expect(storageKeyOf('https://evil.example/media/articles/a1-1.png', site)).toBeNull();
    expect(storageKeyOf('/media/avatars/a.png', site)).toBeNull();
    expect(storageKeyOf('/media/articles/..%2F..%2Fetc%2Fpasswd', site)).toBeNull();
    expect(storageKeyOf('/media/articles/.hidden', site)).toBeNull();
    expect(storageKeyOf('data:image/png;base64,xx', site)).toBeNull();
  });
});
