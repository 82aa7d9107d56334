import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    const header = `attachment; filename="article.docx"; filename*=UTF-8''${encodeURIComponent('春季护肤指南.docx')}`;
    expect(fileNameFromDisposition(header)).toBe('春季护肤指南.docx');
  });

  it('takes the plain name when there is no UTF-8 one', () => {
    expect(fileNameFromDisposition('attachment; filename="article.md"')).toBe('article.md');
    expect(fileNameFromDisposition('attachment; filename=cards.zip')).toBe('cards.zip');
  });

  it('answers null without a name, and never keeps a path', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A")).toBeNull();
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''${encodeURIComponent('../../a/b.md')}`)).toBe('.._.._a_b.md');
  });
});
