import { describe, expect, it } from 'vitest';
import { createSseReader, type RevisionEvent } from './sse-frames';

function read(chunks: string[]) {
  const events: RevisionEvent[] = [];
  const reader = createSseReader((event) => events.push(event));
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return events;
}

describe('createSseReader', () => {
  it('reads deltas and the done frame, skipping the keep-alive comments', () => {
    const stream = ': \n\ndata: {"type":"delta","text":"你好"}\n\n: \n\ndata: {"type":"delta","text":"世界"}\n\ndata: {"type":"done","revisionId":"r1","text":"你好世界","cost":1}\n\n';
    expect(read([stream])).toEqual([
      { type: 'delta', text: '你好' },
      { type: 'delta', text: '世界' },
      { type: 'done', revisionId: 'r1', text: '你好世界', cost: 1 },
    ]);
  });

  it('joins frames split anywhere between chunks, CRLF included', () => {
    const stream = 'data: {"type":"delta","text":"一二"}\r\n\r\ndata: {"type":"error","code":"TIMEOUT","message":"AI 处理失败"}\r\n\r\n';
    const chunks = [...stream].map((char) => char);
    expect(read(chunks)).toEqual([
      { type: 'delta', text: '一二' },
      { type: 'error', code: 'TIMEOUT', message: 'AI 处理失败' },
    ]);
  });

  it('ignores frames that are not ours or not JSON, and reads a last frame without its blank line', () => {
    expect(read(['data: not json\n\ndata: {"type":"other"}\n\ndata: {"type":"done","text":"x"}\n\n', 'data: {"type":"delta","text":"末"}'])).toEqual([
      { type: 'delta', text: '末' },
    ]);
  });
});
