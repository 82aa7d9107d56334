import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { LocationProbe, renderRoutes } from '../../test/render';
import { articleTextPath } from './article-api';
import { EditorPage } from './EditorPage';

const ARTICLE = '# 春季护肤指南\n\n第一段正文。';
const PATH = articleTextPath('a1');

const textAnswer = (text: string) => () => new Response(text, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

function renderEditor(url = '/editor?articleId=a1&deepspaceId=7') {
  const user = userEvent.setup();
  const routes = [
    { path: '/editor', element: <EditorPage /> },
    { path: '*', element: <LocationProbe /> },
  ];
  const rendered = renderRoutes(routes, { path: url, auth: fakeAuth({ user: sampleUser() }) });
  return { user, ...rendered };
}

const textarea = () => screen.getByTestId('editor-textarea');
// NOTE: CodeMirror reads typing from DOM events that happy-dom does not model; tests edit through
// its view, as a keystroke would (a transaction at the cursor, here the end).
const editorView = () => EditorView.findFromDOM(textarea().closest<HTMLElement>('.cm-editor')!)!;
const editorText = () => editorView().state.doc.toString();
const typeText = (text: string) =>
  act(() => {
    const view = editorView();
    view.dispatch({ changes: { from: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
const clearText = () =>
  act(() => {
    const view = editorView();
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '' }, userEvent: 'delete' });
  });
const status = () => screen.getByTestId('editor-status');
const toastTexts = () =>
  screen
    .queryAllByRole('status')
    .filter((node) => node.hasAttribute('data-kind'))
    .map((node) => node.textContent);

describe('EditorPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the markdown into the textarea and the preview, with title, count and 已保存', async () => {
    const { calls } = stubApi({ [PATH]: textAnswer(ARTICLE) });
    renderEditor();
    expect(screen.getByRole('status')).toHaveTextContent('正在加载文章...');

    await waitFor(() => expect(editorText()).toBe(ARTICLE));
    const preview = screen.getByTestId('editor-preview');
    expect(within(preview).getByRole('heading', { level: 1 })).toHaveTextContent('春季护肤指南');
    expect(within(preview).getByText('第一段正文。')).toBeInTheDocument();
    expect(screen.getByTestId('editor-title')).toHaveTextContent('春季护肤指南');
    // The one count rule (countArticleWords): 春季护肤指南 6 + 第一段正文。 6; the # is markup.
    expect(screen.getByTestId('editor-word-count')).toHaveTextContent('12 字');
    expect(status()).toHaveTextContent('已保存');
    expect(calls.filter((call) => call.path === PATH)).toEqual([{ path: '/api/v1/article/a1', method: 'GET', body: undefined }]);
  });

  it('marks edits as unsaved, saves them with PUT and shows 已保存', async () => {
    let release: (() => void) | undefined;
    const { calls } = stubApi({ [PATH]: textAnswer(ARTICLE) });
    const fetchMock = vi.mocked(fetch);
    const table = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method !== 'PUT') return table(input, init);
      calls.push({ path: String(input), method: 'PUT', body: JSON.parse(String(init.body)) });
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return jsonResponse({ success: true, message: '保存成功' });
    });
    const { user } = renderEditor();
    await waitFor(() => expect(editorText()).toBe(ARTICLE));

    await typeText('补充');
    expect(status()).toHaveTextContent('未保存的更改');
    expect(screen.getByTestId('editor-word-count')).toHaveTextContent('14 字');
    expect(within(screen.getByTestId('editor-preview')).getByText('第一段正文。补充')).toBeInTheDocument();

    const save = screen.getByTestId('editor-save');
    await user.click(save);
    expect(save).toHaveTextContent('保存中...');
    expect(save).toBeDisabled();
    release?.();

    await waitFor(() => expect(status()).toHaveTextContent('已保存'));
    expect(save).toHaveTextContent('保存');
    expect(toastTexts()).toEqual(['保存成功']);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { path: '/api/v1/article/a1', method: 'PUT', body: { content: `${ARTICLE}补充` } },
    ]);
  });

  it('shows the saved text at once when the editor is opened again, without reading it again', async () => {
    const { calls } = stubApi({ [PATH]: textAnswer(ARTICLE) });
    const fetchMock = vi.mocked(fetch);
    const table = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const answer = await table(input, init);
      return init?.method === 'PUT' ? jsonResponse({ success: true, message: '保存成功' }) : answer;
    });
    const { user, router } = renderEditor();
    await waitFor(() => expect(editorText()).toBe(ARTICLE));
    await typeText('补充');
    await user.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(status()).toHaveTextContent('已保存'));

    await user.click(screen.getByRole('link', { name: '返回我的文章' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-articles');
    await act(() => router.navigate('/editor?articleId=a1&deepspaceId=7'));
    expect(editorText()).toBe(`${ARTICLE}补充`);
    expect(calls.filter((call) => call.method === 'GET' && call.path === PATH)).toHaveLength(1);
  });

  it('saves with Ctrl+S and Cmd+S', async () => {
    const { bodiesOf, calls } = stubApi({ [PATH]: textAnswer(ARTICLE) });
    const fetchMock = vi.mocked(fetch);
    const table = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const answer = await table(input, init);
      return init?.method === 'PUT' ? jsonResponse({ success: true, message: 'ok' }) : answer;
    });
    renderEditor();
    await waitFor(() => expect(editorText()).toBe(ARTICLE));

    await typeText('A');
    const ctrlS = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => {
      textarea().dispatchEvent(ctrlS);
    });
    expect(ctrlS.defaultPrevented).toBe(true);
    await waitFor(() => expect(status()).toHaveTextContent('已保存'));

    await typeText('B');
    fireEvent.keyDown(window, { key: 'S', metaKey: true });
    await waitFor(() => expect(status()).toHaveTextContent('已保存'));
    expect(bodiesOf(PATH).filter(Boolean)).toEqual([{ content: `${ARTICLE}A` }, { content: `${ARTICLE}AB` }]);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });

  it('keeps the changes unsaved and shows the server message when saving fails', async () => {
    stubApi({ [PATH]: textAnswer(ARTICLE) });
    const fetchMock = vi.mocked(fetch);
    const table = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT' ? jsonResponse({ success: false, message: '文章内容不能超过100000个字符' }, { status: 413 }) : table(input, init),
    );
    const { user } = renderEditor();
    await waitFor(() => expect(editorText()).toBe(ARTICLE));
    await typeText('x');
    await user.click(screen.getByTestId('editor-save'));

    await waitFor(() => expect(toastTexts()).toEqual(['文章内容不能超过100000个字符']));
    expect(status()).toHaveTextContent('未保存的更改');
    expect(screen.getByTestId('editor-save')).toBeEnabled();
  });

  it('disables saving for empty content with the hint 内容不能为空', async () => {
    const { calls } = stubApi({ [PATH]: textAnswer(ARTICLE) });
    renderEditor();
    await waitFor(() => expect(editorText()).toBe(ARTICLE));
    await clearText();

    expect(screen.getByTestId('editor-save')).toBeDisabled();
    expect(screen.getByText('内容不能为空')).toBeInTheDocument();
    expect(screen.getByTestId('editor-title')).toHaveTextContent('无标题');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('shows 未找到文章 on 404', async () => {
    stubApi({ [PATH]: () => jsonResponse({ success: false, message: '未找到文章' }, { status: 404 }) });
    renderEditor();
    expect(await screen.findByRole('heading', { name: '未找到文章' })).toBeInTheDocument();
    expect(screen.queryByTestId('editor-textarea')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回我的文章' })).toHaveAttribute('href', '/my-articles');
  });

  it('shows 加载失败 with the message and loads again with 重试', async () => {
    let attempts = 0;
    stubApi({
      [PATH]: () => {
        attempts += 1;
        return attempts === 1 ? new Response('', { status: 500, statusText: 'Internal Server Error' }) : textAnswer(ARTICLE)();
      },
    });
    const { user } = renderEditor();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading')).toHaveTextContent('加载失败');
    expect(alert).toHaveTextContent('HTTP 500: Internal Server Error');

    await user.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(editorText()).toBe(ARTICLE));
    expect(attempts).toBe(2);
  });

  it('shows 缺少文章ID without calling the server', () => {
    const { calls } = stubApi({});
    renderEditor('/editor?deepspaceId=7');
    expect(screen.getByRole('heading', { name: '缺少文章ID' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回我的文章' })).toHaveAttribute('href', '/my-articles');
    expect(calls).toHaveLength(0);
  });

  it("refuses another user's deepspaceId without calling the server", () => {
    const { calls } = stubApi({});
    renderEditor('/editor?articleId=a1&deepspaceId=8');
    expect(screen.getByRole('heading', { name: '无权编辑该文章' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks before leaving with unsaved changes: 留下 stays, 离开 goes', async () => {
    stubApi({ [PATH]: textAnswer(ARTICLE) });
    const { user } = renderEditor();
    await waitFor(() => expect(editorText()).toBe(ARTICLE));
    await typeText('改');

    await user.click(screen.getByRole('link', { name: '返回我的文章' }));
    let dialog = screen.getByRole('dialog', { name: '有未保存的更改，确定离开吗？' });
    await user.click(within(dialog).getByRole('button', { name: '留下' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(editorText()).toBe(`${ARTICLE}改`);

    await user.click(screen.getByRole('link', { name: '返回我的文章' }));
    dialog = screen.getByRole('dialog', { name: '有未保存的更改，确定离开吗？' });
    await user.click(within(dialog).getByRole('button', { name: '离开' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-articles');
  });

  it('leaves without asking when everything is saved', async () => {
    stubApi({ [PATH]: textAnswer(ARTICLE) });
    const { user } = renderEditor();
    await waitFor(() => expect(editorText()).toBe(ARTICLE));
    await user.click(screen.getByRole('link', { name: '返回我的文章' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-articles');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns on beforeunload only while changes are unsaved', async () => {
    stubApi({ [PATH]: textAnswer(ARTICLE) });
    renderEditor();
    await waitFor(() => expect(editorText()).toBe(ARTICLE));

    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await typeText('改');
    expect(unload()).toBe(true);
  });

  it('switches between 编辑 and 预览 with tabs on narrow screens', async () => {
    stubApi({ [PATH]: textAnswer(ARTICLE) });
    const { user } = renderEditor();
    await waitFor(() => expect(editorText()).toBe(ARTICLE));
    const editTab = screen.getByRole('tab', { name: '编辑' });
    const previewTab = screen.getByRole('tab', { name: '预览' });
    const editPanel = textarea().closest('[role="tabpanel"]')!;
    const previewPanel = screen.getByTestId('editor-preview');

    expect(editTab).toHaveAttribute('aria-selected', 'true');
    expect(previewPanel).toHaveClass('hidden', 'md:flex');
    expect(editPanel).not.toHaveClass('hidden');

    await user.click(previewTab);
    expect(previewTab).toHaveAttribute('aria-selected', 'true');
    expect(previewPanel).not.toHaveClass('hidden');
    expect(editPanel).toHaveClass('hidden', 'md:flex');
  });
});
