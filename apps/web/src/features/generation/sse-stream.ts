import { ApiError } from '../../lib/api';
import type { StreamConnection, StreamEvent } from './tracking-types';

/**
 * A server-sent event stream read with fetch, so a reconnect can send `Last-Event-ID` (the server
 * resumes after it) and the tracker, not the browser, decides when to reconnect. EventSource-like:
 * one onError when the stream fails or ends, nothing after close().
 */

/** The event-stream format: data lines joined, `id:` kept across events, comments skipped. */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private eventName = '';
  private lastEventId: string;

  constructor(
    private readonly dispatch: (event: StreamEvent) => void,
    lastEventId = '',
  ) {
    this.lastEventId = lastEventId;
  }

  push(chunk: string): void {
    this.buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) return;
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) return;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      this.flush();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.eventName = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
  }

  private flush(): void {
    const data = this.data;
    const name = this.eventName;
    this.data = [];
    this.eventName = '';
    if (data.length === 0 || (name !== '' && name !== 'message')) return;
    this.dispatch({ data: data.join('\n'), lastEventId: this.lastEventId || undefined });
  }
}

export function openSseStream(url: string, lastEventId?: string): StreamConnection {
  const controller = new AbortController();
  let closed = false;
  const connection: StreamConnection = {
    onMessage: null,
    onError: null,
    close() {
      closed = true;
      controller.abort();
    },
  };
  const fail = (error: unknown) => {
    if (closed) return;
    closed = true;
    controller.abort();
    connection.onError?.(error);
  };

  const read = async () => {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const response = await fetch(url, { headers, credentials: 'include', cache: 'no-store', signal: controller.signal });
    if (!response.ok || !response.body) throw new ApiError(response.status, `HTTP ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser((event) => {
      if (!closed) connection.onMessage?.(event);
    }, lastEventId);
    for (;;) {
      const { done, value } = await reader.read();
      if (closed) return;
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    fail(new Error('进度流已结束'));
  };
  read().catch(fail);
  return connection;
}
