import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible `/v1/embeddings` server for tests: each text becomes a bag of its
 * character bigrams hashed into 64 dimensions, so texts that share words point the same way.
 * `failWith` makes every call answer that status.
 */
export interface EmbeddingsFake {
  url: string;
  calls: { model: string; inputs: string[] }[];
  failWith(status: number | null): void;
  /** Every answer waits this long (a slow model, so a build can be watched mid-way). */
  delayAnswers(ms: number): void;
  close(): Promise<void>;
}

const DIMENSIONS = 64;

export function fakeVector(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  const chars = [...text.replace(/\s+/g, '')];
  for (let i = 0; i + 1 < chars.length; i += 1) {
    let h = 0x811c9dc5;
    for (const ch of chars[i]! + chars[i + 1]!) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193);
    vector[(h >>> 0) % DIMENSIONS]! += 1;
  }
  return vector;
}

export async function startEmbeddingsFake(): Promise<EmbeddingsFake> {
  const calls: EmbeddingsFake['calls'] = [];
  let failure: number | null = null;
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || path !== '/v1/embeddings') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no route"}}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string | string[] };
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      calls.push({ model: body.model, inputs });
      if (failure) {
        res.writeHead(failure, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: fakeVector(input) })),
          usage: { prompt_tokens: inputs.join('').length, total_tokens: inputs.join('').length },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls,
    failWith: (status) => {
      failure = status;
    },
    delayAnswers: (ms) => {
      delayMs = ms;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
