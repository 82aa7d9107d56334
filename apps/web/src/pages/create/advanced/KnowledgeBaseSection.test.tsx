import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_LOADED_KEY, SESSION_ID_KEY } from '../../../features/knowledge/knowledge-session';
import { fakeAuth, jsonResponse, proUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AdvancedCreatePage } from '../AdvancedCreatePage';

vi.mock('../generation-panel/GenerationPanel', () => ({ GenerationPanel: () => <div data-testid="panel" /> }));
vi.mock('../../my-articles/MyArticlesPanel', () => ({ MyArticlesPanel: () => <p>我的文章列表</p> }));

const KB = '/api/v1/temp_knowledge';
type Answer = (init: RequestInit) => Response | Promise<Response>;

/** fetch answered per `METHOD path`; unknown calls hang. Keeps every call. */
function stubServer(answers: Record<string, Answer>) {
  const calls: { key: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    calls.push({ key, init });
    const answer = answers[key];
    return answer ? Promise.resolve(answer(init)) : new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, keys: () => calls.map((call) => call.key) };
}

/** A build stream the test writes events into. */
function buildStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send(event: object) {
      controller?.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
    },
    end() {
      controller?.close();
    },
  };
}

const FILE_A = { file_name: '产品手册.pdf', file_type: 'pdf', file_id: 'doc-a', chars: 5230, size: 9000 };
const FILE_B = { file_name: '访谈记录.md', file_type: 'md', file_id: 'doc-b', chars: 812, size: 1200 };

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<AdvancedCreatePage />, { path: '/advanced-create', auth: fakeAuth({ user: proUser(), isPro: true }) });
  return user;
}

const toasts = () => Array.from(document.querySelectorAll('[data-kind]')).map((toast) => [toast.getAttribute('data-kind'), toast.textContent]);
const items = () => screen.queryAllByTestId('kb-file-item');
const file = (name: string, size = 10) => {
  const picked = new File(['正文'], name);
  if (size !== 10) Object.defineProperty(picked, 'size', { value: size });
  return picked;
};

async function enableAndUpload(user: ReturnType<typeof userEvent.setup>, files = [file('产品手册.pdf'), file('访谈记录.md')]) {
  await user.click(screen.getByTestId('kb-toggle'));
  await user.upload(screen.getByTestId('kb-file-input'), files);
  await waitFor(() => expect(items()).toHaveLength(2));
}

beforeEach(() => {
  // This browser session's first page load has happened already (the clearing has its own test).
  sessionStorage.setItem(PAGE_LOADED_KEY, '1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('KnowledgeBaseSection', () => {
  it('is section 3, between the basic settings and the reference article, and opens with the toggle', async () => {
    stubServer({});
    const user = renderPage();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 4)).toEqual(['1核心指令', '2基础设置', '3知识库', '4参考文章']);
    expect(screen.queryByTestId('kb-file-input')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('kb-toggle'));
    expect(screen.getByTestId('kb-file-input')).toHaveAttribute('accept', '.txt,.pdf,.docx,.md');
    expect(screen.getByTestId('kb-file-input')).toHaveAttribute('multiple');
    expect(screen.getByTestId('kb-status')).toHaveTextContent('未构建');
    expect(screen.getByTestId('kb-build')).toBeDisabled();
  });

  it('uploads, lists the files with type and characters, and hints that unbuilt files are not used', async () => {
    const server = stubServer({ [`POST ${KB}/upload`]: () => jsonResponse({ success: true, session_id: 'kb-1', file_list: [FILE_A, FILE_B] }) });
    const user = renderPage();
    await enableAndUpload(user);

    const upload = server.calls.find((call) => call.key === `POST ${KB}/upload`)!;
    const form = upload.init.body as FormData;
    expect(form.get('session_id')).toBe('');
    expect(form.get('deepspace_id')).toBe(String(proUser().deepspaceId));
    expect(form.getAll('files')).toHaveLength(2);

    const first = within(items()[0]!);
    expect(first.getByText('产品手册.pdf')).toBeInTheDocument();
    expect(first.getByText('PDF')).toBeInTheDocument();
    expect(first.getByText('5,230 字')).toBeInTheDocument();
    expect(toasts()).toContainEqual(['success', '文件上传成功']);
    expect(localStorage.getItem(SESSION_ID_KEY)).toBe('kb-1');
    expect(screen.getByText('请先构建知识库，未构建的文件不会被使用')).toBeInTheDocument();
    expect(screen.getByTestId('kb-build')).toBeEnabled();
  });

  it('checks the rules before uploading', async () => {
    const server = stubServer({});
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<AdvancedCreatePage />, { path: '/advanced-create', auth: fakeAuth({ user: proUser(), isPro: true }) });
    await user.click(screen.getByTestId('kb-toggle'));
    const input = screen.getByTestId('kb-file-input');

    await user.upload(input, ['1', '2', '3', '4', '5', '6'].map((n) => file(`${n}.txt`)));
    await user.upload(input, [file('表格.xlsx')]);
    await user.upload(input, [file('大文件.pdf', 12 * 1024 * 1024), file('小.txt')]);

    expect(toasts()).toEqual([
      ['error', '文件数量超出限制，最多5个，当前6个'],
      ['error', '不支持的文件类型：表格.xlsx（仅支持 .txt、.pdf、.docx、.md）'],
      ['error', '以下文件超过10MB，无法上传：大文件.pdf'],
    ]);
    expect(server.keys().filter((key) => key.includes('temp_knowledge'))).toEqual([]);
  });

  it('shows the server refusal of an upload', async () => {
    stubServer({
      [`POST ${KB}/upload`]: () => jsonResponse({ success: false, message: '文件 产品手册.pdf 无法解析' }, { status: 415 }),
    });
    const user = renderPage();
    await user.click(screen.getByTestId('kb-toggle'));
    await user.upload(screen.getByTestId('kb-file-input'), [file('产品手册.pdf')]);
    await waitFor(() => expect(toasts()).toContainEqual(['error', '上传文件失败：文件 产品手册.pdf 无法解析']));
    expect(items()).toHaveLength(0);
  });

  it('builds with a progress bar fed by the stream, then shows 已构建', async () => {
    const stream = buildStream();
    const server = stubServer({
      [`POST ${KB}/upload`]: () => jsonResponse({ success: true, session_id: 'kb-1', file_list: [FILE_A, FILE_B] }),
      [`GET ${KB}/status/kb-1`]: () => jsonResponse({ success: true, status: 'none' }),
      [`POST ${KB}/build/kb-1`]: () => jsonResponse({ success: true, status: 'building', message: '开始构建' }),
      [`GET ${KB}/build/stream/kb-1`]: () => stream.response(),
    });
    const user = renderPage();
    await enableAndUpload(user);
    await user.click(screen.getByTestId('kb-build'));

    await waitFor(() => expect(screen.getByTestId('kb-status')).toHaveTextContent('构建中'));
    expect(screen.getByTestId('kb-build')).toBeDisabled();
    await waitFor(() => expect(server.keys()).toContain(`GET ${KB}/build/stream/kb-1`));
    stream.send({ progress: 10, message: '正在解析文件', status: 'progress' });
    stream.send({ message: '正在构建索引 6/10', status: 'progress' });
    await waitFor(() => expect(screen.getByTestId('kb-progress')).toHaveTextContent('正在构建索引 6/10'));
    expect(screen.getByRole('progressbar', { name: '知识库构建进度' })).toHaveAttribute('aria-valuenow', '60');
    // Nothing can change the file list during a build.
    expect(within(items()[0]!).getByRole('button', { name: '删除 产品手册.pdf' })).toBeDisabled();
    expect(screen.getByTestId('kb-file-input')).toBeDisabled();

    stream.send({ progress: 100, message: '构建完成', status: 'completed' });
    stream.end();
    await waitFor(() => expect(screen.getByTestId('kb-status')).toHaveTextContent('已构建'));
    expect(screen.queryByTestId('kb-progress')).not.toBeInTheDocument();
    expect(screen.queryByText('请先构建知识库，未构建的文件不会被使用')).not.toBeInTheDocument();
    expect(toasts()).toContainEqual(['success', '知识库构建完成']);
    // The session was checked before the build started.
    const keys = server.keys();
    expect(keys.indexOf(`GET ${KB}/status/kb-1`)).toBeLessThan(keys.indexOf(`POST ${KB}/build/kb-1`));
  });

  it('shows 构建失败 with the cause when the stream reports an error', async () => {
    const stream = buildStream();
    stubServer({
      [`POST ${KB}/upload`]: () => jsonResponse({ success: true, session_id: 'kb-1', file_list: [FILE_A, FILE_B] }),
      [`GET ${KB}/status/kb-1`]: () => jsonResponse({ success: true, status: 'none' }),
      [`POST ${KB}/build/kb-1`]: () => jsonResponse({ success: true, status: 'building' }),
      [`GET ${KB}/build/stream/kb-1`]: () => stream.response(),
    });
    const user = renderPage();
    await enableAndUpload(user);
    await user.click(screen.getByTestId('kb-build'));
    await waitFor(() => expect(screen.getByTestId('kb-progress')).toBeInTheDocument());
    stream.send({ progress: 30, message: '文件内容为空', status: 'error' });
    await waitFor(() => expect(screen.getByTestId('kb-status')).toHaveTextContent('构建失败'));
    expect(screen.getByTestId('kb-build-error')).toHaveTextContent('构建知识库失败：文件内容为空');
    expect(screen.getByTestId('kb-build')).toBeEnabled();
  });

  it('deletes a file after checking the session, with the button busy meanwhile', async () => {
    let finishDelete: (response: Response) => void = () => {};
    const server = stubServer({
      [`POST ${KB}/upload`]: () => jsonResponse({ success: true, session_id: 'kb-1', file_list: [FILE_A, FILE_B] }),
      [`GET ${KB}/status/kb-1`]: () => jsonResponse({ success: true, status: 'none' }),
      [`DELETE ${KB}/files/kb-1/doc-a`]: () => new Promise<Response>((resolve) => (finishDelete = resolve)),
    });
    const user = renderPage();
    await enableAndUpload(user);
    const remove = screen.getByRole('button', { name: '删除 产品手册.pdf' });
    await user.click(remove);
    await waitFor(() => expect(server.keys()).toContain(`DELETE ${KB}/files/kb-1/doc-a`));
    expect(remove).toBeDisabled();
    expect(remove).toHaveAttribute('aria-busy', 'true');
    finishDelete(jsonResponse({ success: true, message: '已删除' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByText('访谈记录.md')).toBeInTheDocument();
    expect(toasts()).toContainEqual(['success', '文件已删除']);
  });

  it('clears everything when the session was deleted on the server', async () => {
    stubServer({
      [`POST ${KB}/upload`]: () => jsonResponse({ success: true, session_id: 'kb-1', file_list: [FILE_A, FILE_B] }),
      [`GET ${KB}/status/kb-1`]: () => jsonResponse({ success: false, message: '会话不存在' }, { status: 404 }),
    });
    const user = renderPage();
    await enableAndUpload(user);
    await user.click(screen.getByTestId('kb-build'));
    await waitFor(() => expect(toasts()).toContainEqual(['error', '临时知识库已被删除，请重新上传文件']));
    expect(items()).toHaveLength(0);
    expect(screen.getByTestId('kb-status')).toHaveTextContent('未构建');
    expect(localStorage.getItem(SESSION_ID_KEY)).toBeNull();
  });

  it('brings a stored live session back, with its files and build state, when turned on', async () => {
    localStorage.setItem(SESSION_ID_KEY, 'kb-live');
    stubServer({
      [`GET ${KB}/status/kb-live`]: () => jsonResponse({ success: true, status: 'completed' }),
      [`GET ${KB}/files/kb-live`]: () => jsonResponse({ success: true, session_id: 'kb-live', file_list: [FILE_A], status: 'completed' }),
    });
    const user = renderPage();
    await user.click(screen.getByTestId('kb-toggle'));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByTestId('kb-status')).toHaveTextContent('已构建');
  });

  it('clears an expired stored session with the info notice', async () => {
    localStorage.setItem(SESSION_ID_KEY, 'kb-old');
    stubServer({ [`GET ${KB}/status/kb-old`]: () => jsonResponse({ success: false, message: '会话已过期' }, { status: 404 }) });
    const user = renderPage();
    await user.click(screen.getByTestId('kb-toggle'));
    await waitFor(() => expect(toasts()).toEqual([['info', '知识库会话已过期，文件列表已清空，如需使用请重新上传']]));
    expect(localStorage.getItem(SESSION_ID_KEY)).toBeNull();
    expect(items()).toHaveLength(0);
  });

  it('drops a stored session id on the first page load of a browser session only', async () => {
    sessionStorage.clear();
    localStorage.setItem(SESSION_ID_KEY, 'kb-yesterday');
    const server = stubServer({});
    const user = renderPage();
    await waitFor(() => expect(localStorage.getItem(SESSION_ID_KEY)).toBeNull());
    expect(sessionStorage.getItem(PAGE_LOADED_KEY)).toBe('1');
    await user.click(screen.getByTestId('kb-toggle'));
    expect(server.keys().filter((key) => key.includes('temp_knowledge'))).toEqual([]);
  });

  it('sends the session and the document ids with an advanced run', async () => {
    const bodies: unknown[] = [];
    stubServer({
      [`POST ${KB}/upload`]: () => jsonResponse({ success: true, session_id: 'kb-1', file_list: [FILE_A, FILE_B] }),
      'POST /api/v1/articles/generate': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return new Promise<Response>(() => {});
      },
    });
    const user = renderPage();
    await enableAndUpload(user);
    await user.type(screen.getByTestId('topic-input'), '产品介绍');
    await user.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      settings: { useKnowledgeBase: true, tempKnowledgeBaseId: 'kb-1', knowledgeDocumentIds: ['doc-a', 'doc-b'] },
    });
    // The form is locked during the run.
    await waitFor(() => expect(screen.getByTestId('kb-toggle')).toBeDisabled());
    expect(screen.getByTestId('kb-build')).toBeDisabled();
  });
});
