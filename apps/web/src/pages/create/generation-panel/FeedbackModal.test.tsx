import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, jsonResponse, sampleUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { appendPhrase, FEEDBACK_MAX_LENGTH, FEEDBACK_PHRASE_GROUPS } from './feedback-phrases';
import { FeedbackModal } from './FeedbackModal';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderModal(props: Partial<Parameters<typeof FeedbackModal>[0]> = {}) {
  const onClose = vi.fn();
  const view = renderWithProviders(<FeedbackModal articleId="a1" onClose={onClose} {...props} />, {
    auth: fakeAuth({ user: sampleUser() }),
  });
  return { ...view, onClose };
}

const textArea = () => screen.getByRole('textbox', { name: '反馈内容' });
const submitButton = () => screen.getByRole('button', { name: '提交反馈' });

describe('appendPhrase', () => {
  it('joins with a full-width comma, never doubles one and stops at the limit', () => {
    expect(appendPhrase('', '段落过长')).toBe('段落过长');
    expect(appendPhrase('段落过长', '语气不自然')).toBe('段落过长，语气不自然');
    expect(appendPhrase('不太好，', '过于正式')).toBe('不太好，过于正式');
    expect(appendPhrase('x'.repeat(FEEDBACK_MAX_LENGTH - 2), '缺乏情感')).toHaveLength(FEEDBACK_MAX_LENGTH);
  });
});

describe('FeedbackModal', () => {
  it('shows the title, the two types, and the chips only for 需要改进', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: '请提供您的反馈' })).toBeInTheDocument();
    expect(screen.queryByTestId('feedback-phrases')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '需要改进' }));
    expect(screen.getByRole('button', { name: '需要改进' })).toHaveAttribute('aria-pressed', 'true');
    for (const group of FEEDBACK_PHRASE_GROUPS) {
      const box = screen.getByRole('group', { name: group.label });
      for (const phrase of group.phrases) expect(box).toHaveTextContent(phrase);
    }
    expect(FEEDBACK_PHRASE_GROUPS.map((group) => group.label)).toEqual(['内容', '结构', '表达', '风格']);

    fireEvent.click(screen.getByRole('button', { name: '符合预期' }));
    expect(screen.queryByTestId('feedback-phrases')).not.toBeInTheDocument();
  });

  it('opens with dislike chosen when asked to, and chips append with ，', () => {
    renderModal({ initialType: 'dislike' });
    fireEvent.click(screen.getByRole('button', { name: '内容不够深入' }));
    fireEvent.click(screen.getByRole('button', { name: '段落过长' }));
    expect(textArea()).toHaveValue('内容不够深入，段落过长');
    fireEvent.change(textArea(), { target: { value: '开头太长' } });
    fireEvent.click(screen.getByRole('button', { name: '缺乏情感' }));
    expect(textArea()).toHaveValue('开头太长，缺乏情感');
    expect(screen.getByTestId('feedback-counter')).toHaveTextContent('9/1000');
    expect(textArea()).toHaveAttribute('maxLength', '1000');
  });

  it('needs a type and non-blank text before submit is enabled', () => {
    renderModal();
    expect(submitButton()).toBeDisabled();
    fireEvent.change(textArea(), { target: { value: '写得很好' } });
    expect(submitButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '符合预期' }));
    expect(submitButton()).toBeEnabled();
    fireEvent.change(textArea(), { target: { value: '   ' } });
    expect(submitButton()).toBeDisabled();
  });

  it('submits, shows the busy label, thanks and closes', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { onClose } = renderModal({ initialType: 'dislike' });
    fireEvent.click(screen.getByRole('button', { name: '结构不清晰' }));
    fireEvent.click(submitButton());

    expect(screen.getByRole('button', { name: '提交中...' })).toBeDisabled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: '提交中...' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/feedback');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ type: 'dislike', content: '结构不清晰', articleId: 'a1' });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);

    await act(async () => answer(jsonResponse({ success: true, message: '感谢反馈' })));
    expect(screen.getByText('感谢您的反馈')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s error inside the modal and stays open', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: '反馈提交过于频繁', code: 'RATE_LIMITED' }, { status: 429 }));
    const { onClose } = renderModal({ initialType: 'like' });
    fireEvent.change(textArea(), { target: { value: '很好' } });
    await act(async () => fireEvent.click(submitButton()));

    expect(screen.getByRole('dialog')).toHaveTextContent('反馈提交过于频繁');
    expect(screen.getByRole('alert')).toHaveTextContent('反馈提交过于频繁');
    expect(onClose).not.toHaveBeenCalled();
    expect(textArea()).toHaveValue('很好');
    expect(submitButton()).toBeEnabled();
  });

  it('falls back to 提交反馈失败，请重试 when the answer carries no message', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    renderModal({ initialType: 'like' });
    fireEvent.change(textArea(), { target: { value: '很好' } });
    await act(async () => fireEvent.click(submitButton()));
    expect(screen.getByRole('alert')).toHaveTextContent('提交反馈失败，请重试');
  });

  it('取消 closes without a call', () => {
    const { onClose } = renderModal({ initialType: 'like' });
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
