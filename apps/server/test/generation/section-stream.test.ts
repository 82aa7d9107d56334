import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { articles } from '../../src/articles/tables.js';
import type { Agents } from '../../src/generation/agents/types.js';
import { OfflineComposer } from '../../src/generation/composer/offline-composer.js';
import { partialSectionText, SectionThrottle } from '../../src/generation/section-stream.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, gate, generate, instrument, waitForTask } from '../helpers/generation.js';

/** Sections stream into the preview as they are written (issue 19, point 1; API.md "Section streaming"). */

const hooks: Partial<Record<keyof Agents, (call: number) => Promise<void> | void>> = {};
const instrumented = instrument(new OfflineComposer(), hooks);
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({}, { generation: { agents: instrumented.agents } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());
beforeEach(() => {
  for (const key of Object.keys(hooks)) delete hooks[key as keyof Agents];
});

interface Frame {
  id?: string;
  data: { type: string; currentStep: string; details: Record<string, unknown> & { section?: Section } };
}
interface Section {
  index: number;
  total: number;
  title: string;
  content: string;
  done: boolean;
}

async function readStream(url: string, cookie: string, headers: Record<string, string> = {}): Promise<Frame[]> {
  const res = await fetch(`${baseUrl}${url}`, { headers: { cookie, ...headers } });
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => ({ id: /^id: (\d+)$/m.exec(block)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) }));
}

/** A paragraph's words, for finding it again in the final article (which may change its marks and joins). */
const words = (text: string) => text.replace(/[\s*_#>`[\]()0-9]+/gu, '');

describe('sections on the progress stream', () => {
  it('publishes each finished section once, before the final event, with the text the article keeps; Last-Event-ID replays them', async () => {
    const user = await signedInUser(t);
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: '新手在家如何做一杯手冲咖啡', settings: GUIDED })).json();
    const task = await waitForTask(t, taskId);
    const frames = await readStream(`/api/v1/articles/generate/stream/${taskId}`, user.cookie, { 'Last-Event-ID': '0' });
    const progress = frames.slice(1);
    const withSection = progress.filter((frame) => frame.data.details.section);
    const sections = withSection.map((frame) => frame.data.details.section!);
    const total = sections[0]!.total;
    expect(total).toBeGreaterThanOrEqual(3);
    // One finished event per section, all during section writing, all before the final event.
    expect(sections.filter((section) => section.done).map((section) => section.index).sort()).toEqual([...Array(total).keys()]);
    expect(new Set(withSection.map((frame) => frame.data.currentStep))).toEqual(new Set(['parallel_section_generation']));
    const finalAt = progress.findIndex((frame) => frame.data.currentStep === 'completed');
    expect(progress.indexOf(withSection.at(-1)!)).toBeLessThan(finalAt);

    const [article] = await t.database.db.select().from(articles).where(eq(articles.articleId, task.articleId!));
    const final = words(article!.content);
    for (const section of sections) {
      expect(article!.content).toContain(section.title);
      // Every paragraph of the streamed section is in the article (the continuity pass may only add joins).
      const paragraphs = section.content.split(/\n{2,}/u).map(words).filter((paragraph) => paragraph.length >= 12);
      const kept = paragraphs.filter((paragraph) => final.includes(paragraph));
      expect(kept.length / paragraphs.length).toBeGreaterThanOrEqual(0.7);
    }
  });

  it('answers the sections written so far on the status call while the task runs, as a reload needs', async () => {
    const hold = gate();
    hooks.planImages = () => hold.opened;
    const user = await signedInUser(t);
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: '周末带孩子去露营要准备什么', settings: GUIDED })).json();
    await expect
      .poll(async () => (await t.app.inject({ url: `/api/v1/articles/${taskId}/status`, headers: { cookie: user.cookie } })).json().currentStep)
      .toBe('generate_image_position_info');
    const status = (await t.app.inject({ url: `/api/v1/articles/${taskId}/status`, headers: { cookie: user.cookie } })).json();
    const sections = status.details.sections as Section[];
    expect(sections.length).toBe(sections[0]!.total);
    expect(sections.map((section) => section.index)).toEqual([...Array(sections.length).keys()]);
    for (const section of sections) {
      expect(section).toMatchObject({ done: true, title: expect.any(String) });
      expect(section.content.length).toBeGreaterThan(50);
    }
    // The spec's fields are as before.
    expect(status).toMatchObject({ status: 'running', task_id: taskId, currentStep: 'generate_image_position_info' });
    expect(status.details.progress).toEqual(expect.any(Number));
    hold.open();
    await waitForTask(t, taskId);
    const after = (await t.app.inject({ url: `/api/v1/articles/${taskId}/status`, headers: { cookie: user.cookie } })).json();
    expect(after.details.sections).toBeUndefined();
  });
});

describe('a section written by a model', () => {
  it('drops the heading line the model repeats', () => {
    expect(partialSectionText('## 器具准备\n\n先备好滤杯', '器具准备')).toBe('先备好滤杯');
    expect(partialSectionText('器具准备\n先备好滤杯', '器具准备')).toBe('先备好滤杯');
    expect(partialSectionText('先备好滤杯，再烧水', '器具准备')).toBe('先备好滤杯，再烧水');
  });

  it('is published at most once per interval, with its newest text, and never after it is done', () => {
    vi.useFakeTimers();
    try {
      const published: string[] = [];
      const throttle = new SectionThrottle((text) => published.push(text), 1000);
      throttle.offer('一');
      throttle.offer('一二');
      throttle.offer('一二三');
      expect(published).toEqual(['一']);
      vi.advanceTimersByTime(1000);
      expect(published).toEqual(['一', '一二三']);
      throttle.offer('一二三四');
      throttle.close();
      vi.advanceTimersByTime(5000);
      expect(published).toEqual(['一', '一二三']);
    } finally {
      vi.useRealTimers();
    }
  });
});
