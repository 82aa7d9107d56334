import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { UPLOAD_AVATAR_PATH, uploadAvatar } from './upload-avatar';

describe('uploadAvatar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the JPEG as file=avatar.jpg with the deepspaceId, as multipart', async () => {
    const { calls } = stubApi({ [UPLOAD_AVATAR_PATH]: jsonResponse({ success: true, avatarUrl: '/media/avatars/7-a.jpg' }) });
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await expect(uploadAvatar(jpeg, 7)).resolves.toMatchObject({ avatarUrl: '/media/avatars/7-a.jpg' });
    const [call] = calls;
    expect(call?.method).toBe('POST');
    const form = call?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const file = form.get('file') as File;
    expect(file.name).toBe('avatar.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(form.get('deepspaceId')).toBe('7');
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });

  it('turns a refusal into an ApiError with the server message', async () => {
    stubApi({ [UPLOAD_AVATAR_PATH]: jsonResponse({ success: false, message: '请上传图片文件（JPEG、PNG 或 WebP）' }, { status: 415 }) });
    await expect(uploadAvatar(new Blob(['x']), 7)).rejects.toMatchObject({ status: 415, message: '请上传图片文件（JPEG、PNG 或 WebP）' });
  });
});
