import { describe, expect, it } from 'vitest';
import { ACCEPT_ATTRIBUTE, checkKnowledgeFiles, extensionOf, isAcceptedFile, MAX_KNOWLEDGE_FILE_BYTES } from './knowledge-rules';

const file = (name: string, size = 1000) => ({ name, size });

describe('checkKnowledgeFiles', () => {
  it('accepts up to five files of the four types, each up to 10 MB', () => {
    expect(checkKnowledgeFiles(1, [file('a.txt'), file('b.PDF'), file('c.docx'), file('d.md', MAX_KNOWLEDGE_FILE_BYTES)])).toEqual({ ok: true });
  });

  it('counts the files already held and names the total', () => {
    expect(checkKnowledgeFiles(3, [file('a.txt'), file('b.txt'), file('c.txt')])).toEqual({
      ok: false,
      message: '文件数量超出限制，最多5个，当前6个',
    });
    expect(checkKnowledgeFiles(0, Array.from({ length: 7 }, (_, i) => file(`${i}.md`)))).toEqual({
      ok: false,
      message: '文件数量超出限制，最多5个，当前7个',
    });
    expect(checkKnowledgeFiles(5, [])).toEqual({ ok: true });
  });

  it('names the files of a type not accepted', () => {
    const check = checkKnowledgeFiles(0, [file('ok.txt'), file('sheet.xlsx'), file('old.doc'), file('README')]);
    expect(check).toEqual({ ok: false, message: '不支持的文件类型：sheet.xlsx、old.doc、README（仅支持 .txt、.pdf、.docx、.md）' });
  });

  it('lists every file over 10 MB', () => {
    const check = checkKnowledgeFiles(0, [file('big.pdf', MAX_KNOWLEDGE_FILE_BYTES + 1), file('small.txt'), file('huge.docx', 50e6)]);
    expect(check).toEqual({ ok: false, message: '以下文件超过10MB，无法上传：big.pdf、huge.docx' });
  });

  it('checks the count before the types and the types before the sizes', () => {
    expect(checkKnowledgeFiles(4, [file('a.exe', 20e6), file('b.exe')])).toMatchObject({ message: expect.stringContaining('文件数量超出限制') });
    expect(checkKnowledgeFiles(0, [file('a.exe'), file('b.pdf', 20e6)])).toMatchObject({ message: expect.stringContaining('不支持的文件类型') });
  });
});

describe('file types', () => {
  it('reads the extension case-insensitively and ignores dot-files', () => {
    expect(extensionOf('报告.Final.PDF')).toBe('.pdf');
    expect(extensionOf('.md')).toBe('');
    expect(isAcceptedFile('notes.MD')).toBe(true);
    expect(isAcceptedFile('notes.markdown')).toBe(false);
    expect(ACCEPT_ATTRIBUTE).toBe('.txt,.pdf,.docx,.md');
  });
});
