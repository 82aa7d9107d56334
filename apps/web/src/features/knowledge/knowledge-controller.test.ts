import { KB_EMPTY_CODE } from '@tianma/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { KnowledgeResponseError } from './knowledge-api';
import { STREAM_RETRY_MS } from './knowledge-controller';
import { expiredError, kbFile, pickedFile, sendBuildEvent, setupController } from './knowledge-fakes';
import { KB_TEXT } from './knowledge-messages';
import { SESSION_ID_KEY } from './knowledge-session';

afterEach(() => {
  vi.useRealTimers();
});

/** Lets the controller's awaited fakes settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** On, with files uploaded into session kb-1. */
async function withFiles(ids = ['f1', 'f2']) {
  const setup = setupController();
  setup.controller.setEnabled(true);
  setup.api.upload.mockResolvedValueOnce({ sessionId: 'kb-1', files: ids.map((id) => kbFile(id)) });
  await setup.controller.upload(ids.map((id) => pickedFile(`${id}.txt`)));
  setup.toasts.length = 0;
  return setup;
}

describe('turning the knowledge base on and off', () => {
  it('checks nothing without a stored session', () => {
    const { controller, api } = setupController();
    controller.setEnabled(true);
    expect(controller.getState()).toMatchObject({ enabled: true, validity: 'unknown' });
    expect(api.status).not.toHaveBeenCalled();
  });

  it('checks a stored session on enabling and brings its files and build state back', async () => {
    const { controller, api } = setupController({ storedId: 'kb-9' });
    api.status.mockResolvedValueOnce({ status: 'completed', message: null });
    api.listFiles.mockResolvedValueOnce([kbFile('a'), kbFile('b')]);
    controller.setEnabled(true);
    expect(controller.getState().validity).toBe('checking');
    await settle();
    expect(api.status).toHaveBeenCalledWith('kb-9');
    expect(api.listFiles).toHaveBeenCalledWith('kb-9');
    expect(controller.getState()).toMatchObject({ validity: 'valid', sessionId: 'kb-9', build: 'built' });
    expect(controller.getState().files.map((file) => file.fileId)).toEqual(['a', 'b']);
  });

  it('shows the cause of the last failed build of a stored session', async () => {
    const { controller, api } = setupController({ storedId: 'kb-9' });
    api.status.mockResolvedValueOnce({ status: 'error', message: '构建过程意外中断，请重新构建' });
    api.listFiles.mockResolvedValueOnce([kbFile('a')]);
    controller.setEnabled(true);
    await settle();
    expect(controller.getState()).toMatchObject({ build: 'error', buildError: '构建过程意外中断，请重新构建' });
  });

  it('follows a build the stored session is still running', async () => {
    const { controller, api, streams } = setupController({ storedId: 'kb-9' });
    api.status.mockResolvedValueOnce({ status: 'building', message: null });
    api.listFiles.mockResolvedValueOnce([kbFile('a')]);
    controller.setEnabled(true);
    await settle();
    expect(controller.getState().build).toBe('building');
    expect(streams).toHaveLength(1);
    expect(streams[0]?.taskId).toBe('kb-9');
  });

  it('clears everything with the info toast when the stored session has expired', async () => {
    const { controller, api, storage, toasts } = setupController({ storedId: 'kb-old' });
    api.status.mockRejectedValueOnce(expiredError());
    controller.setEnabled(true);
    await settle();
    expect(controller.getState()).toMatchObject({ enabled: true, validity: 'expired', sessionId: null, files: [], build: 'none' });
    expect(storage.getItem(SESSION_ID_KEY)).toBeNull();
    expect(toasts).toEqual([['info', '知识库会话已过期，文件列表已清空，如需使用请重新上传']]);
  });

  it('resets validity to unknown when turned off, and checks again when turned back on', async () => {
    const { controller, api } = setupController({ storedId: 'kb-9' });
    controller.setEnabled(true);
    await settle();
    expect(controller.getState().validity).toBe('valid');
    controller.setEnabled(false);
    expect(controller.getState()).toMatchObject({ enabled: false, validity: 'unknown' });
    controller.setEnabled(true);
    await settle();
    expect(api.status).toHaveBeenCalledTimes(2);
    expect(controller.getState().validity).toBe('valid');
  });

  it('drops the answer of a check when the knowledge base was turned off meanwhile', async () => {
    const { controller, api } = setupController({ storedId: 'kb-9' });
    let answer: (status: { status: 'completed'; message: null }) => void = () => {};
    api.status.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    controller.setEnabled(true);
    controller.setEnabled(false);
    answer({ status: 'completed', message: null });
    await settle();
    expect(controller.getState()).toMatchObject({ enabled: false, validity: 'unknown', build: 'none' });
  });

  it('says so when the server cannot be reached, and does not keep the unconfirmed session', async () => {
    const { controller, api, toasts, storage } = setupController({ storedId: 'kb-9' });
    api.status.mockRejectedValueOnce(new ApiError(0, '网络错误，请稍后重试'));
    controller.setEnabled(true);
    await settle();
    expect(toasts).toEqual([['error', '无法连接到服务器，请检查网络连接或联系管理员']]);
    expect(controller.getState()).toMatchObject({ validity: 'unknown', sessionId: null });
    expect(storage.getItem(SESSION_ID_KEY)).toBe('kb-9');
  });
});

describe('upload', () => {
  it('refuses a batch breaking a rule before calling the server', async () => {
    const { controller, api, toasts } = await withFiles(['f1', 'f2', 'f3']);
    await controller.upload([pickedFile('a.txt'), pickedFile('b.txt'), pickedFile('c.txt')]);
    await controller.upload([pickedFile('table.xlsx')]);
    await controller.upload([pickedFile('big.pdf', 11 * 1024 * 1024)]);
    expect(api.upload).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([
      ['error', '文件数量超出限制，最多5个，当前6个'],
      ['error', '不支持的文件类型：table.xlsx（仅支持 .txt、.pdf、.docx、.md）'],
      ['error', '以下文件超过10MB，无法上传：big.pdf'],
    ]);
  });

  it('starts a session, stores its id, and adds the next files to it with the build reset', async () => {
    const { controller, api, storage, toasts, streams } = setupController();
    controller.setEnabled(true);
    const first = [pickedFile('a.txt')];
    const pending = controller.upload(first);
    expect(controller.getState().uploading).toBe(true);
    await pending;
    expect(api.upload).toHaveBeenCalledWith(null, '7', first);
    expect(storage.getItem(SESSION_ID_KEY)).toBe('kb-1');
    expect(controller.getState()).toMatchObject({ uploading: false, sessionId: 'kb-1', validity: 'valid', build: 'none' });
    expect(toasts).toEqual([['success', '文件上传成功']]);

    await controller.build();
    expect(controller.getState().build).toBe('building');
    sendBuildEvent(streams[0], { status: 'completed', progress: 100, message: '完成' });
    api.upload.mockResolvedValueOnce({ sessionId: 'kb-1', files: [kbFile('f2', 'b.md')] });
    expect(controller.getState().build).toBe('built');
    await controller.upload([pickedFile('b.md')]);
    expect(api.upload).toHaveBeenLastCalledWith('kb-1', '7', expect.any(Array));
    expect(controller.getState().build).toBe('none');
    expect(controller.getState().files.map((file) => file.name)).toEqual(['f1.txt', 'b.md']);
  });

  it('words the failures: server message, network, unusable answer', async () => {
    const { controller, api, toasts } = setupController();
    controller.setEnabled(true);
    api.upload.mockRejectedValueOnce(new ApiError(415, '文件 x.txt 无法识别为文本'));
    await controller.upload([pickedFile('x.txt')]);
    api.upload.mockRejectedValueOnce(new ApiError(502, 'HTTP 502: Bad Gateway'));
    await controller.upload([pickedFile('x.txt')]);
    api.upload.mockRejectedValueOnce(new ApiError(0, '网络错误，请稍后重试'));
    await controller.upload([pickedFile('x.txt')]);
    api.upload.mockRejectedValueOnce(new KnowledgeResponseError('文件上传失败：服务器响应异常'));
    await controller.upload([pickedFile('x.txt')]);
    expect(toasts.map(([, message]) => message)).toEqual([
      '上传文件失败：文件 x.txt 无法识别为文本',
      '上传文件失败：Bad Gateway',
      '无法连接到服务器，请检查网络连接或联系管理员',
      '文件上传失败：服务器响应异常',
    ]);
    expect(controller.getState()).toMatchObject({ uploading: false, files: [] });
  });

  it('clears everything when the session expired (404)', async () => {
    const { controller, api, storage, toasts } = await withFiles();
    api.upload.mockRejectedValueOnce(expiredError());
    await controller.upload([pickedFile('c.txt')]);
    expect(controller.getState()).toMatchObject({ validity: 'expired', sessionId: null, files: [], uploading: false });
    expect(storage.getItem(SESSION_ID_KEY)).toBeNull();
    expect(toasts).toEqual([['info', KB_TEXT.expired]]);
  });

  it('does nothing while off', async () => {
    const { controller, api } = setupController();
    await controller.upload([pickedFile('a.txt')]);
    expect(api.upload).not.toHaveBeenCalled();
  });
});

describe('delete', () => {
  it('checks the session, deletes, and resets the build', async () => {
    const { controller, api, toasts, streams } = await withFiles();
    await controller.build();
    sendBuildEvent(streams[0], { status: 'completed' });
    toasts.length = 0;

    const pending = controller.remove('f1');
    expect(controller.getState().deleting).toEqual(['f1']);
    await pending;
    expect(api.status).toHaveBeenLastCalledWith('kb-1');
    expect(api.status.mock.invocationCallOrder.at(-1)!).toBeLessThan(api.deleteFile.mock.invocationCallOrder[0]!);
    expect(api.deleteFile).toHaveBeenCalledWith('kb-1', 'f1');
    expect(controller.getState()).toMatchObject({ deleting: [], build: 'none' });
    expect(controller.getState().files.map((file) => file.fileId)).toEqual(['f2']);
    expect(toasts).toEqual([['success', '文件已删除']]);
  });

  it('says the temporary knowledge base was deleted when the check answers 404, and clears', async () => {
    const { controller, api, toasts, storage } = await withFiles();
    api.status.mockRejectedValueOnce(expiredError());
    await controller.remove('f1');
    expect(api.deleteFile).not.toHaveBeenCalled();
    expect(toasts).toEqual([['error', '临时知识库已被删除，请重新上传文件']]);
    expect(controller.getState()).toMatchObject({ validity: 'expired', files: [], sessionId: null, deleting: [] });
    expect(storage.getItem(SESSION_ID_KEY)).toBeNull();
  });

  it('clears on a 404 from the delete itself and words other failures', async () => {
    const { controller, api, toasts } = await withFiles();
    api.deleteFile.mockRejectedValueOnce(new ApiError(500, 'HTTP 500: Internal Server Error'));
    await controller.remove('f1');
    expect(toasts).toEqual([['error', '删除文件失败：Internal Server Error']]);
    expect(controller.getState()).toMatchObject({ deleting: [], files: [kbFile('f1'), kbFile('f2')] });

    api.deleteFile.mockRejectedValueOnce(expiredError());
    await controller.remove('f1');
    expect(toasts.at(-1)).toEqual(['info', KB_TEXT.expired]);
    expect(controller.getState()).toMatchObject({ validity: 'expired', files: [] });
  });

  it('does not claim the session was deleted when the check could not reach the server', async () => {
    const { controller, api, toasts } = await withFiles();
    api.status.mockRejectedValueOnce(new ApiError(0, 'x'));
    await controller.remove('f1');
    expect(api.deleteFile).not.toHaveBeenCalled();
    expect(toasts).toEqual([['error', KB_TEXT.network]]);
    expect(controller.getState().files).toHaveLength(2);
  });
});

describe('build', () => {
  it('refuses without files', async () => {
    const { controller, api, toasts } = setupController();
    controller.setEnabled(true);
    await controller.build();
    expect(api.build).not.toHaveBeenCalled();
    expect(toasts).toEqual([['error', '没有可构建的文件']]);
  });

  it('checks the session, starts, follows the stream to completion', async () => {
    const { controller, api, streams, toasts } = await withFiles();
    await controller.build();
    expect(api.status).toHaveBeenLastCalledWith('kb-1');
    expect(api.build).toHaveBeenCalledWith('kb-1');
    expect(controller.getState()).toMatchObject({ build: 'building', progress: { percent: 0 } });
    const stream = streams[0]!;
    expect(stream.taskId).toBe('kb-1');

    sendBuildEvent(stream, { status: 'progress', progress: 30, message: '正在解析文件' });
    expect(controller.getState().progress).toMatchObject({ percent: 30, message: '正在解析文件' });
    sendBuildEvent(stream, { status: 'progress', message: '正在构建索引 7/10' });
    expect(controller.getState().progress).toMatchObject({ percent: 70, batch: { index: 7, total: 10 } });
    sendBuildEvent(stream, { status: 'warning', progress: 70, message: '文件 b.txt 内容较少' });
    expect(controller.getState().build).toBe('building');
    expect(toasts).toEqual([['info', '文件 b.txt 内容较少']]);
    toasts.length = 0;
    stream.onMessage?.({ data: 'not json' });

    sendBuildEvent(stream, { status: 'completed', progress: 100, message: '构建完成' });
    expect(controller.getState()).toMatchObject({ build: 'built', progress: null });
    expect(stream.closed).toBe(true);
    expect(toasts).toEqual([['success', '知识库构建完成']]);
  });

  it('shows the cause of a failed build', async () => {
    const { controller, streams, toasts } = await withFiles();
    await controller.build();
    sendBuildEvent(streams[0], { status: 'error', message: '向量服务不可用' });
    expect(controller.getState()).toMatchObject({ build: 'error', buildError: '构建知识库失败：向量服务不可用' });
    expect(streams[0]?.closed).toBe(true);
    expect(toasts).toEqual([['error', '构建知识库失败：向量服务不可用']]);
  });

  it('says no rebuild is needed when the server has already built these files', async () => {
    const { controller, api, streams, toasts } = await withFiles();
    api.build.mockResolvedValueOnce({ status: 'built', message: null });
    await controller.build();
    expect(streams).toHaveLength(0);
    expect(controller.getState().build).toBe('built');
    expect(toasts).toEqual([['info', '知识库已是最新，文件未变化，无需重新构建']]);
    // The server's own wording when it gives one.
    api.build.mockResolvedValueOnce({ status: 'built', message: '知识库已是最新，无需重新构建' });
    await controller.build();
    expect(toasts.at(-1)).toEqual(['info', '知识库已是最新，无需重新构建']);
  });

  it('says the temporary knowledge base was deleted when the check answers 404', async () => {
    const { controller, api, toasts } = await withFiles();
    api.status.mockRejectedValueOnce(expiredError());
    await controller.build();
    expect(api.build).not.toHaveBeenCalled();
    expect(toasts).toEqual([['error', KB_TEXT.deleted]]);
    expect(controller.getState()).toMatchObject({ build: 'none', validity: 'expired', files: [] });
  });

  it('fails with the cause on an HTTP error, and with the plain message when the server has no files', async () => {
    const { controller, api, toasts } = await withFiles();
    api.build.mockRejectedValueOnce(new ApiError(500, '索引写入失败'));
    await controller.build();
    expect(controller.getState()).toMatchObject({ build: 'error', buildError: '构建知识库失败：索引写入失败' });
    // Told apart by its code: whatever the server's wording, the user reads the plain message.
    api.build.mockRejectedValueOnce(new ApiError(400, '知识库为空', KB_EMPTY_CODE));
    await controller.build();
    expect(controller.getState()).toMatchObject({ build: 'error', buildError: '没有可构建的文件' });
    expect(toasts.map(([, message]) => message)).toEqual(['构建知识库失败：索引写入失败', '没有可构建的文件']);
  });

  it('clears on a 404 from the build call', async () => {
    const { controller, api, storage } = await withFiles();
    api.build.mockRejectedValueOnce(expiredError());
    await controller.build();
    expect(controller.getState()).toMatchObject({ build: 'none', validity: 'expired', files: [] });
    expect(storage.getItem(SESSION_ID_KEY)).toBeNull();
  });

  it('asks the server when the stream ends early: completed counts as built', async () => {
    const { controller, api, streams, toasts } = await withFiles();
    await controller.build();
    api.status.mockResolvedValueOnce({ status: 'completed', message: null });
    streams[0]?.fail();
    await settle();
    expect(controller.getState().build).toBe('built');
    expect(toasts).toEqual([['success', KB_TEXT.built]]);
  });

  it('asks the server when the stream ends early: a failure keeps its cause', async () => {
    const { controller, api, streams } = await withFiles();
    await controller.build();
    api.status.mockResolvedValueOnce({ status: 'none', message: '构建期间文件有变动，请重新构建' });
    streams[0]?.fail();
    await settle();
    expect(controller.getState()).toMatchObject({ build: 'error', buildError: '构建知识库失败：构建期间文件有变动，请重新构建' });
  });

  it('reopens the stream while the server still builds, then gives up', async () => {
    const { controller, api, streams, toasts } = await withFiles();
    await controller.build();
    vi.useFakeTimers();
    api.status.mockResolvedValue({ status: 'building', message: null });
    streams[0]?.fail();
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS);
    expect(streams).toHaveLength(2);
    streams[1]?.fail();
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS * 2);
    expect(streams).toHaveLength(3);
    streams[2]?.fail();
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS * 3);
    expect(streams).toHaveLength(4);
    streams[3]?.fail();
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS * 10);
    expect(streams).toHaveLength(4);
    expect(controller.getState()).toMatchObject({ build: 'error', buildError: KB_TEXT.streamLost });
    expect(toasts).toEqual([['error', KB_TEXT.streamLost]]);
  });

  it('clears when the session expired during the build', async () => {
    const { controller, api, streams } = await withFiles();
    await controller.build();
    api.status.mockRejectedValueOnce(expiredError());
    streams[0]?.fail();
    await settle();
    expect(controller.getState()).toMatchObject({ build: 'none', validity: 'expired' });
  });
});

describe('selection and dispose', () => {
  it('hands the session and the document ids to the request', async () => {
    const { controller } = await withFiles();
    expect(controller.selection()).toEqual({ enabled: true, sessionId: 'kb-1', documentIds: ['f1', 'f2'] });
    controller.setEnabled(false);
    expect(controller.selection()).toMatchObject({ enabled: false });
  });

  it('goes quiet after dispose', async () => {
    const { controller, streams, toasts } = await withFiles();
    await controller.build();
    const listener = vi.fn();
    controller.subscribe(listener);
    controller.dispose();
    expect(streams[0]?.closed).toBe(true);
    sendBuildEvent(streams[0], { status: 'completed' });
    expect(listener).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });
});
