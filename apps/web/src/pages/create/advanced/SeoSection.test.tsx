import { notifyManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { type AdvancedFormValues, advancedDefaults } from '../form-values';
import { SeoSection } from './SeoSection';
import { KEYWORDS_FAILED_TEXT, RECOMMEND_KEYWORDS_PATH, TOPIC_FIRST_TEXT } from './seo/seo-api';

const SUGGESTIONS = ['数字化转型', '中小企业数字化', '数字化转型攻略'];

let latest: AdvancedFormValues;

function Harness({ initial }: { initial: Partial<AdvancedFormValues> }) {
  const [values, setValues] = useState<AdvancedFormValues>({ ...advancedDefaults(), enableSeo: true, topic: '中小企业数字化转型指南', ...initial });
  latest = values;
  return <SeoSection values={values} onChange={(patch) => setValues((current) => ({ ...current, ...patch }))} />;
}

function stubKeywords(answer: () => Promise<Response> = async () => jsonResponse({ success: true, data: { keywords: SUGGESTIONS } })) {
  const bodies: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) !== RECOMMEND_KEYWORDS_PATH) throw new Error(`unexpected call ${String(input)}`);
    bodies.push(JSON.parse(String(init.body)));
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, bodies };
}

const renderSeo = (initial: Partial<AdvancedFormValues> = {}) => renderWithProviders(<Harness initial={initial} />);
const button = () => screen.getByTestId('recommend-keywords');
const counters = () => screen.getByTestId('seo-keyword-counters');
const chip = (name: string) => within(screen.getByRole('list', { name: '推荐关键词' })).getByRole('button', { name });
const toastTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);

describe('SeoSection keyword recommendation', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks with the topic, platform and the custom industry and audience text, and shows the suggestions as chips', async () => {
    const { bodies } = stubKeywords();
    const user = userEvent.setup();
    renderSeo({ platform: 'xiaohongshu', industry: 'custom', customIndustry: '跨境电商', audience: 'custom', customAudience: '小企业老板', topic: '  中小企业数字化转型指南 ' });
    expect(counters()).toHaveTextContent('已添加 0 个关键词');
    await user.click(button());
    await waitFor(() => expect(counters()).toHaveTextContent('已添加 0 个关键词 · 推荐 3 个'));
    expect(bodies).toEqual([{ topic: '中小企业数字化转型指南', platform: 'xiaohongshu', industry: '跨境电商', audience: '小企业老板' }]);
    for (const keyword of SUGGESTIONS) expect(chip(keyword)).toBeEnabled();
  });

  it('sends the option values when nothing custom is chosen', async () => {
    const { bodies } = stubKeywords();
    const user = userEvent.setup();
    renderSeo({ industry: 'custom', customIndustry: '  ' });
    await user.click(button());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ topic: '中小企业数字化转型指南', platform: 'wechat', industry: 'custom', audience: 'worker' });
  });

  it('adds a clicked chip to the keyword field once, in the field’s separator, and counts it', async () => {
    stubKeywords();
    const user = userEvent.setup();
    renderSeo({ seoKeywords: 'ERP，' });
    await user.click(button());
    await user.click(await screen.findByRole('button', { name: '数字化转型' }));
    expect(screen.getByLabelText('SEO关键词')).toHaveValue('ERP，数字化转型');
    expect(chip('数字化转型')).toBeDisabled();
    expect(chip('数字化转型')).toHaveAttribute('aria-pressed', 'true');
    await user.click(chip('数字化转型攻略'));
    expect(latest.seoKeywords).toBe('ERP，数字化转型，数字化转型攻略');
    expect(counters()).toHaveTextContent('已添加 3 个关键词 · 推荐 3 个');
    // A keyword typed by hand counts as added too.
    await user.type(screen.getByLabelText('SEO关键词'), '，中小企业数字化');
    expect(chip('中小企业数字化')).toBeDisabled();
  });

  it('asks for a topic first', async () => {
    const { fetchMock } = stubKeywords();
    const user = userEvent.setup();
    renderSeo({ topic: '   ' });
    await user.click(button());
    expect(toastTexts()).toContain(TOPIC_FIRST_TEXT);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(button()).toBeEnabled();
  });

  it('shows the failure toast and no chips when the call fails', async () => {
    stubKeywords(async () => jsonResponse({ success: false, message: '服务器内部错误' }, { status: 500 }));
    const user = userEvent.setup();
    renderSeo();
    await user.click(button());
    await waitFor(() => expect(toastTexts()).toContain(KEYWORDS_FAILED_TEXT));
    expect(screen.queryByRole('list', { name: '推荐关键词' })).not.toBeInTheDocument();
  });

  it('clears the suggestions, the counters and the keywords when SEO is turned off', async () => {
    stubKeywords();
    const user = userEvent.setup();
    renderSeo({ seoKeywords: 'ERP' });
    await user.click(button());
    await screen.findByRole('list', { name: '推荐关键词' });
    await user.click(screen.getByRole('switch', { name: '启用SEO优化' }));
    expect(screen.queryByTestId('seo-keyword-counters')).not.toBeInTheDocument();
    expect(latest.seoKeywords).toBe('');
    await user.click(screen.getByRole('switch', { name: '启用SEO优化' }));
    expect(screen.queryByRole('list', { name: '推荐关键词' })).not.toBeInTheDocument();
    expect(counters()).toHaveTextContent(/^已添加 0 个关键词$/);
  });

  it('forgets a recommendation under way when SEO is turned off', async () => {
    let answer: (response: Response) => void = () => {};
    stubKeywords(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderSeo();
    await user.click(button());
    expect(button()).toHaveTextContent('推荐中...');
    await user.click(screen.getByRole('switch', { name: '启用SEO优化' }));
    await act(async () => answer(jsonResponse({ success: true, data: { keywords: SUGGESTIONS } })));
    await user.click(screen.getByRole('switch', { name: '启用SEO优化' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('list', { name: '推荐关键词' })).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });

  it('cools down by use: none, 3 s, 10 s, then 30 s, counted down on the button', async () => {
    vi.useFakeTimers();
    // The cache tells its observers in a setTimeout 0, which the fake clock would hold back.
    notifyManager.setScheduler(queueMicrotask);
    onTestFinished(() => notifyManager.setScheduler((callback) => setTimeout(callback, 0)));
    const { fetchMock } = stubKeywords();
    renderSeo();
    const use = async () => {
      await act(async () => {
        fireEvent.click(button());
      });
    };
    const wait = (seconds: number) => act(() => vi.advanceTimersByTime(seconds * 1000));

    await use();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(button()).toHaveTextContent('推荐关键词（3s）');
    expect(button()).toBeDisabled();
    wait(1);
    expect(button()).toHaveTextContent('推荐关键词（2s）');
    wait(2);
    expect(button()).toHaveTextContent(/^推荐关键词$/);

    await use();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(button()).toHaveTextContent('推荐关键词（10s）');
    wait(9);
    expect(button()).toBeDisabled();
    wait(1);
    expect(button()).toBeEnabled();

    await use();
    expect(button()).toHaveTextContent('推荐关键词（30s）');
    wait(30);
    await use();
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(button()).toHaveTextContent('推荐关键词（30s）');
  });
});
