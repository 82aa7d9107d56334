import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { ApiError } from '../../lib/api';
import { BUILD_TIMEOUT_MS, buildStreamUrl, KnowledgeResponseError, knowledgeApi, TIMEOUT_MESSAGE, toKnowledgeFile } from './knowledge-api';
import { pickedFile } from './knowledge-fakes';
import { failureMessage } from './knowledge-messages';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubFetch(answer: (path: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => answer(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const FILE_DTO = { file_name: '产品手册.pdf', file_type: 'pdf', file_id: 'doc-1', chars: 5230, size: 80_000 };

describe('upload', () => {
  it('posts session_id, deepspace_id and each file as files, and reads the new files', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, session_id: 'kb-1', file_list: [FILE_DTO] }));
    const files = [pickedFile('产品手册.pdf'), pickedFile('notes.md')];
    const result = await knowledgeApi.upload(null, '7', files);

    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/v1/temp_knowledge/upload');
    expect(init?.method).toBe('POST');
    const form = init?.body as FormData;
    expect(form.get('session_id')).toBe('');
    expect(form.get('deepspace_id')).toBe('7');
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['产品手册.pdf', 'notes.md']);
    expect(result).toEqual({
      sessionId: 'kb-1',
      files: [{ name: '产品手册.pdf', type: 'PDF', documentId: 'doc-1', fileId: 'doc-1', chars: 5230, size: 80_000 }],
    });
  });

  it('sends the session it adds to, and leaves deepspace_id out when unknown', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, session_id: 'kb-1', file_list: [] }));
    await knowledgeApi.upload('kb-1', null, [pickedFile('a.txt')]);
    const form = fetchMock.mock.calls[0]?.[1]?.body as FormData;
    expect(form.get('session_id')).toBe('kb-1');
    expect(form.has('deepspace_id')).toBe(false);
  });

  it('calls an answer without file_list abnormal, or gives the server message', async () => {
    stubFetch(() => jsonResponse({ success: true, session_id: 'kb-1' }));
    await expect(knowledgeApi.upload(null, '7', [pickedFile('a.txt')])).rejects.toEqual(new KnowledgeResponseError('文件上传失败：服务器响应异常'));
    stubFetch(() => jsonResponse({ success: true, message: '存储空间不足' }));
    await expect(knowledgeApi.upload(null, '7', [pickedFile('a.txt')])).rejects.toThrow('存储空间不足');
  });

  it('turns refusals into ApiError with the status and the server message', async () => {
    stubFetch(() => jsonResponse({ success: false, message: '文件 a.pdf 超过10MB' }, { status: 413 }));
    const error = await knowledgeApi.upload(null, '7', [pickedFile('a.pdf')]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: '文件 a.pdf 超过10MB' });
    expect(failureMessage('上传文件', error)).toBe('上传文件失败：文件 a.pdf 超过10MB');

    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await knowledgeApi.upload(null, '7', [pickedFile('a.pdf')]).catch((caught: unknown) => caught);
    expect(failureMessage('上传文件', offline)).toBe('无法连接到服务器，请检查网络连接或联系管理员');
  });
});

describe('the other calls', () => {
  it('lists the files of a session', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, session_id: 'kb 1', file_list: [FILE_DTO, { file_name: 'x' }], status: 'none' }));
    expect(await knowledgeApi.listFiles('kb 1')).toHaveLength(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/temp_knowledge/files/kb%201');
  });

  it('deletes by session and file id', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, message: '已删除' }));
    await knowledgeApi.deleteFile('kb-1', 'doc-1');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/temp_knowledge/files/kb-1/doc-1');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });

  it('starts a build and tells building from already built', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, status: 'building', message: '开始构建' }));
    expect(await knowledgeApi.build('kb-1')).toEqual({ status: 'building', message: '开始构建' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/temp_knowledge/build/kb-1');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    stubFetch(() => jsonResponse({ success: true, status: 'built', message: '知识库已构建' }));
    expect(await knowledgeApi.build('kb-1')).toEqual({ status: 'built', message: '知识库已构建' });
  });

  it('reads the status, and a 404 as an expired session', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, status: 'error', message: '构建过程意外中断，请重新构建', progress: 40 }));
    expect(await knowledgeApi.status('kb-1')).toEqual({ status: 'error', message: '构建过程意外中断，请重新构建' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/temp_knowledge/status/kb-1');
    stubFetch(() => jsonResponse({ success: true, status: 'odd' }));
    expect(await knowledgeApi.status('kb-1')).toEqual({ status: 'none', message: null });
    stubFetch(() => jsonResponse({ success: false, message: '会话不存在' }, { status: 404 }));
    await expect(knowledgeApi.status('kb-1')).rejects.toMatchObject({ status: 404 });
  });

  it('gives up on a build start after 180 s', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_path, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = knowledgeApi.build('kb-1').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(BUILD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ status: 408, message: TIMEOUT_MESSAGE });
    expect(failureMessage('构建知识库', error)).toBe('构建知识库失败：请求超时，请稍后重试');
  });

  it('refuses an empty session id', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await expect(knowledgeApi.status('')).rejects.toThrow('会话ID不能为空');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the build stream', () => {
  it('is built from the session id, which must not be empty', () => {
    expect(buildStreamUrl('kb-1')).toBe('/api/v1/temp_knowledge/build/stream/kb-1');
    expect(() => buildStreamUrl('')).toThrow('会话ID不能为空');
    expect(() => buildStreamUrl('  ')).toThrow('会话ID不能为空');
  });

  it('delivers the events of GET build/stream/{sessionId}', async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: {"progress":40,"message":"正在构建索引 2/5","status":"progress"}\n\n'));
        controller.enqueue(encoder.encode('data: {"progress":100,"message":"构建完成","status":"completed"}\n\n'));
        controller.close();
      },
    });
    const fetchMock = stubFetch(() => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
    const stream = knowledgeApi.openBuildStream('kb-1');
    const data: string[] = [];
    stream.onMessage = (event) => data.push(event.data);
    stream.onError = vi.fn();
    await vi.waitFor(() => expect(stream.onError).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/temp_knowledge/build/stream/kb-1');
    expect(data.map((text) => JSON.parse(text).status)).toEqual(['progress', 'completed']);
  });
});

describe('toKnowledgeFile', () => {
  it('takes the type from the extension when the server sends a MIME type or none', () => {
    expect(toKnowledgeFile({ file_name: 'a.docx', file_type: 'application/vnd.openxmlformats', file_id: 3 })).toMatchObject({
      type: 'DOCX',
      fileId: '3',
      chars: null,
    });
    expect(toKnowledgeFile({ file_name: 'b.md', file_type: '.md', file_id: 'x' })?.type).toBe('MD');
    expect(toKnowledgeFile({ file_name: '', file_id: 'x' })).toBeNull();
    expect(toKnowledgeFile(null)).toBeNull();
  });
});
