import { vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';

/**
 * Test helper for the creation pages: fetch answered per path (a promise may stay pending to hold a
 * run under way), unknown paths hang like a stream that sends nothing. Records generate and quote bodies.
 */
export function stubCreationServer(answers: Record<string, () => Promise<Response>> = {}) {
  const generateBodies: unknown[] = [];
  const quoteBodies: unknown[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    if (path === '/api/v1/articles/generate' && typeof init.body === 'string') generateBodies.push(JSON.parse(init.body));
    if (path === '/api/v1/articles/quote' && typeof init.body === 'string') quoteBodies.push(JSON.parse(init.body));
    const answer = answers[path];
    return answer ? answer() : new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, generateBodies, quoteBodies };
}

export const systemReady = (writer: 'model' | 'offline' = 'model') => async () =>
  jsonResponse({ success: true, data: { writer, webSearch: false } });

export const pending = () => new Promise<Response>(() => {});

export const limitAnswer = (error: string) => async () => jsonResponse({ status: 'error', code: 1006, error, message: null });

/** The quote call's answer (decision 053): the price and the balance. */
export const quoteAnswer = (coins: number, balance: number) => async () =>
  jsonResponse({ success: true, data: { coins, balance, enough: balance >= coins } });

/** A quote that says the user already wrote on `topic` (decision 057); other topics are new. */
export const quoteWithPrevious =
  (coins: number, balance: number, topic: string, previous: { count: number; articleId: string; title: string }, bodies: () => unknown[]) =>
  async () => {
    const sent = bodies().at(-1) as { topic?: string } | undefined;
    const known = sent?.topic === topic;
    return jsonResponse({
      success: true,
      data: {
        coins,
        balance,
        enough: balance >= coins,
        previous: known ? { count: previous.count, latest: { articleId: previous.articleId, title: previous.title, createdAt: '2026-11-26T08:00:00.000Z' } } : null,
      },
    });
  };
