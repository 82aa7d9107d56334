import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import { QUOTE_PATH, type QuoteInput, useQuote } from './use-quote';

const quote = (coins: number, balance: number) => jsonResponse({ success: true, data: { coins, balance, enough: balance >= coins } });
const failure = () => jsonResponse({ success: false, message: '服务器内部错误' }, { status: 500 });

/** Answers the quote calls in order (the last one repeats) and records what was asked. */
function stubQuotes(...answers: (() => Response)[]) {
  const bodies: QuoteInput[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      expect(String(input)).toBe(QUOTE_PATH);
      bodies.push(JSON.parse(String(init.body)));
      return answers[Math.min(bodies.length, answers.length) - 1]!();
    }),
  );
  return bodies;
}

function renderQuote(input: QuoteInput, round: unknown = false) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook((props: { input: QuoteInput; round: unknown }) => useQuote(props.input, props.round), { wrapper, initialProps: { input, round } });
}

const settings = (length: number): QuoteInput => ({ advanced_mode: false, settings: { length } });

describe('useQuote', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks once the settings rest, keeping the last price and balance meanwhile', async () => {
    const bodies = stubQuotes(() => quote(67, 300), () => quote(80, 300));
    const { result, rerender } = renderQuote(settings(2000));
    await waitFor(() => expect(result.current).toMatchObject({ coins: 67, balance: 300 }));

    rerender({ input: settings(2100), round: false });
    rerender({ input: settings(2200), round: false });
    expect(result.current).toMatchObject({ coins: 67 });
    await waitFor(() => expect(result.current).toMatchObject({ coins: 80 }));
    expect(bodies).toEqual([settings(2000), settings(2200)]);
  });

  it('keeps the last answer when a quote fails', async () => {
    const bodies = stubQuotes(() => quote(67, 300), failure);
    const { result, rerender } = renderQuote(settings(2000));
    await waitFor(() => expect(result.current).toMatchObject({ coins: 67 }));
    rerender({ input: settings(3000), round: false });
    await waitFor(() => expect(bodies).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toMatchObject({ coins: 67, balance: 300 });
  });

  it('reads the balance again when a run starts or ends, not before', async () => {
    const bodies = stubQuotes(() => quote(67, 300), () => quote(67, 233), () => quote(67, 300));
    const { result, rerender } = renderQuote(settings(2000), false);
    await waitFor(() => expect(result.current).toMatchObject({ balance: 300 }));
    rerender({ input: settings(2000), round: false });
    expect(bodies).toHaveLength(1);

    rerender({ input: settings(2000), round: true });
    await waitFor(() => expect(result.current).toMatchObject({ balance: 233 }));
    rerender({ input: settings(2000), round: false });
    await waitFor(() => expect(result.current).toMatchObject({ balance: 300 }));
    expect(bodies).toHaveLength(3);
  });
});
