import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api';
import { importPicture, PICTURE_SIZE_TEXT, PICTURE_TYPE_TEXT, pictureErrorText, pictureFileProblem, searchPictures, uploadPicture } from './picture-api';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('picture-api', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches with the paragraph and the article, and reads the candidates', async () => {
    const candidate = { imageId: 'i1', url: '/media/images/i1', source: 'library', caption: '咖啡', score: 1.2 };
    const fetchMock = vi.fn(async () => json({ success: true, data: [candidate] }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await searchPictures('咖啡拉花', 'a1')).toEqual([candidate]);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/images/search', expect.objectContaining({ method: 'POST', body: JSON.stringify({ text: '咖啡拉花', articleId: 'a1' }) }));
  });

  it('refuses an answer of another shape', async () => {
    vi.stubGlobal('fetch', async () => json({ success: true, data: [{ url: 1 }] }));
    await expect(searchPictures('猫', 'a1')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('uploads the caption and the file as a form, and imports a stock pick by its token', async () => {
    const picture = { imageId: 'i2', url: '/media/images/i2', caption: '猫' };
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => json({ success: true, data: picture }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await uploadPicture(new File(['x'], 'cat.png', { type: 'image/png' }), ' 猫 ')).toEqual(picture);
    const form = fetchMock.mock.calls[0]![1]!.body as FormData;
    expect(form.get('caption')).toBe('猫');
    expect((form.get('file') as File).name).toBe('cat.png');
    await importPicture('tok');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/images/import');
    expect(fetchMock.mock.calls[1]![1]!.body).toBe(JSON.stringify({ token: 'tok' }));
  });

  it('maps errors by status and code, the server words otherwise', async () => {
    vi.stubGlobal('fetch', async () => json({ success: false, code: 'PAYLOAD_TOO_LARGE', message: '请求内容过大' }, 413));
    const tooLarge = await uploadPicture(new File(['x'], 'a.png', { type: 'image/png' }), '').catch((error: unknown) => error);
    expect(pictureErrorText(tooLarge)).toBe(PICTURE_SIZE_TEXT);
    expect(pictureErrorText(new ApiError(415, 'x', 'UNSUPPORTED_MEDIA_TYPE'))).toBe(PICTURE_TYPE_TEXT);
    expect(pictureErrorText(new ApiError(0, 'x'))).toBe(NETWORK_ERROR_MESSAGE);
    expect(pictureErrorText(new ApiError(429, 'x', 'RATE_LIMITED'))).toBe('操作太频繁，请稍后再试');
    expect(pictureErrorText(new ApiError(400, '图片信息无效或已过期，请重新搜索', 'BAD_REQUEST'))).toBe('图片信息无效或已过期，请重新搜索');
    expect(pictureErrorText(new Error('boom'))).toBe('操作失败，请稍后重试');
  });

  it('checks a file before it is sent', () => {
    expect(pictureFileProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(pictureFileProblem({ type: 'image/gif', size: 10 })).toBe(PICTURE_TYPE_TEXT);
    expect(pictureFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(PICTURE_SIZE_TEXT);
  });
});
