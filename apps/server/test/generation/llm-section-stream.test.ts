import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiFake, type OpenAiFake } from '../fakes/openai-fake-server.js';
import { agentOf, HEADINGS, SCRIPT, sectionBody, sectionOf } from '../fixtures/scripted-model.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { generate, waitForTask } from '../helpers/generation.js';

/** With a model, a section is published as it is written (throttled), then once finished. */

let fake: OpenAiFake;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  fake = await startOpenAiFake();
  fake.setResponder((request) => {
    const answer = SCRIPT[agentOf(request)](request);
    if (agentOf(request) !== 'section' || !('text' in answer)) return answer;
    // Longer sections, streamed slowly enough (about 2 s each) for the preview to see them grow.
    const more = Array.from({ length: 6 }, () => sectionBody(sectionOf(request))).join('\n\n');
    return { text: `${answer.text}\n\n${more}`, chunkSize: 8, delayMs: 20 };
  });
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-writer', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '5000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface Section {
  index: number;
  total: number;
  title: string;
  content: string;
  done: boolean;
}

describe('sections streamed from a model', () => {
  it('publishes the growing text of each section before its finished text, in order per section', async () => {
    const user = await signedInUser(t);
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: '四级备考计划', settings: { length: 2000 } })).json();
    const task = await waitForTask(t, taskId, 60_000);
    expect(task.status).toBe('completed');
    const res = await fetch(`${baseUrl}/api/v1/articles/generate/stream/${taskId}`, { headers: { cookie: user.cookie, 'Last-Event-ID': '0' } });
    const sections = (await res.text())
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)![1]!).details?.section as Section | undefined)
      .filter((section): section is Section => section !== undefined);

    const total = sections[0]!.total;
    for (let index = 0; index < total; index += 1) {
      const own = sections.filter((section) => section.index === index);
      const partial = own.filter((section) => !section.done);
      expect(partial.length).toBeGreaterThanOrEqual(1);
      // Partial texts only grow, never carry the heading line, and all come before the one finished event.
      for (const [i, section] of partial.entries()) {
        if (i > 0) expect(section.content.startsWith(partial[i - 1]!.content)).toBe(true);
        expect(section.content.startsWith('##')).toBe(false);
      }
      expect(own.at(-1)!.done).toBe(true);
      expect(own.filter((section) => section.done)).toHaveLength(1);
      expect(own.at(-1)!.title).toBe(HEADINGS[index]);
      expect(own.at(-1)!.content).toContain(sectionBody(index).split('\n')[0]!.slice(0, 20));
    }
    expect(fake.requests.filter((request) => agentOf(request) === 'section').map(sectionOf).sort()).toEqual([...Array(total).keys()]);
  }, 90_000);
});
