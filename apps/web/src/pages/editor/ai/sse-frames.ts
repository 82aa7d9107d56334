/** One event of an action's stream (API.md "revisions"). */
export type RevisionEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; revisionId: string; text: string; cost: number }
  | { type: 'error'; code: string; message: string };

/**
 * Reads server-sent events from chunks of text as they arrive: `data: {...}` lines, a frame
 * ending at an empty line; comment lines (`: `, the server's keep-alive probe) are skipped, as is
 * a frame that is not one of our events. Chunks may split a frame anywhere.
 */
export function createSseReader(onEvent: (event: RevisionEvent) => void) {
  let buffer = '';
  const flushFrame = (frame: string) => {
    const data = frame
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const event = asEvent(parsed);
    if (event) onEvent(event);
  };
  return {
    push(chunk: string) {
      buffer += chunk.replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        flushFrame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    },
    /** The end of the stream: a last frame without its empty line still counts. */
    end() {
      if (buffer.trim()) flushFrame(buffer);
      buffer = '';
    },
  };
}

function asEvent(value: unknown): RevisionEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const text = typeof record.text === 'string' ? record.text : '';
  switch (record.type) {
    case 'delta':
      return { type: 'delta', text };
    case 'done':
      return typeof record.revisionId === 'string' ? { type: 'done', revisionId: record.revisionId, text, cost: Number(record.cost) || 0 } : null;
    case 'error':
      return { type: 'error', code: String(record.code ?? 'FAILED'), message: typeof record.message === 'string' ? record.message : '' };
    default:
      return null;
  }
}
