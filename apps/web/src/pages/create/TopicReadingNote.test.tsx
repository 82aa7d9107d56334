import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { GuidedForm } from './GuidedForm';
import { stubCreationServer } from './test-server';

const READ = '/api/v1/topic/read';

const reading = (data: object) => async () => jsonResponse({ success: true, data: { subject: '秋天', lengthConflict: false, instructions: [], ...data } });

function renderForm() {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  renderWithProviders(<GuidedForm generating={false} limitMessage={null} limited={false} isPro={false} onSubmit={onSubmit} onOpenAdvanced={() => {}} />);
  return { user, onSubmit };
}

describe('the topic reading under the guided form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the length the topic asks for and applies it in one click', async () => {
    const { fetchMock } = stubCreationServer({
      [READ]: reading({ wordLimit: { text: '300字以内', min: 180, max: 300, target: 270 }, lengthConflict: true, suggestedLength: 300 }),
    });
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByTestId('topic-input'), '写一篇关于秋天的散文，300字以内');
    const conflict = await screen.findByTestId('topic-length-conflict');
    expect(conflict).toHaveTextContent('主题里要求「300字以内」，当前篇幅是 2000 字，文章会按篇幅设置来写。');
    const asked = fetchMock.mock.calls.filter(([path]) => String(path) === READ).at(-1)!;
    expect(JSON.parse(String(asked[1]!.body))).toEqual({ topic: '写一篇关于秋天的散文，300字以内', length: 2000, advanced_mode: false });

    await user.click(screen.getByTestId('use-topic-length'));
    expect(screen.getByTestId('length-slider')).toHaveValue('300');
    await user.click(screen.getByTestId('generate-button'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ length: 300 }));
  });

  it('lists the instructions the writer will not follow, with the reason', async () => {
    stubCreationServer({
      [READ]: reading({
        instructions: [
          { text: '不要出现首先其次最后', supported: true },
          { text: '要引用古诗词', supported: false, note: '离线写作不会引用资料以外的原文，需配置大模型' },
        ],
      }),
    });
    const { user } = renderForm();
    await user.type(screen.getByTestId('topic-input'), '写秋天，要引用古诗词，不要出现首先其次最后');
    const items = await screen.findAllByTestId('topic-unsupported');
    expect(items.map((item) => item.textContent)).toEqual(['「要引用古诗词」：离线写作不会引用资料以外的原文，需配置大模型']);
    expect(screen.queryByTestId('topic-length-conflict')).toBeNull();
  });

  it('asks once the topic rests, and answers a topic asked a moment ago from the cache', async () => {
    const { fetchMock } = stubCreationServer({
      [READ]: reading({ instructions: [{ text: '要引用古诗词', supported: false, note: '需配置大模型' }] }),
    });
    const reads = () => fetchMock.mock.calls.filter(([path]) => String(path) === READ).map(([, init]) => JSON.parse(String(init!.body)).topic);
    const { user } = renderForm();
    await user.type(screen.getByTestId('topic-input'), '写秋天，要引用古诗词');
    await screen.findByTestId('topic-unsupported');
    expect(reads()).toEqual(['写秋天，要引用古诗词']);

    await user.type(screen.getByTestId('topic-input'), '和散文');
    await waitFor(() => expect(reads()).toHaveLength(2));
    await user.type(screen.getByTestId('topic-input'), '{Backspace}{Backspace}{Backspace}');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(reads()).toEqual(['写秋天，要引用古诗词', '写秋天，要引用古诗词和散文']);
    expect(screen.getByTestId('topic-unsupported')).toBeInTheDocument();
  });

  it('shows nothing for a plain topic, an empty field or a failed call', async () => {
    const { fetchMock } = stubCreationServer({ [READ]: reading({}) });
    const { user } = renderForm();
    await user.type(screen.getByTestId('topic-input'), '第一次养猫要准备什么');
    await waitFor(() => expect(fetchMock.mock.calls.some(([path]) => String(path) === READ)).toBe(true));
    expect(screen.queryByTestId('topic-reading-note')).toBeNull();

    stubCreationServer({ [READ]: async () => jsonResponse({ success: false, message: '服务器开小差了' }, { status: 500 }) });
    await user.type(screen.getByTestId('topic-input'), '，300字');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByTestId('topic-reading-note')).toBeNull();
  });
});
