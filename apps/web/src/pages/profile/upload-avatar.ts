import { apiUpload } from '../../lib/api';

export const UPLOAD_AVATAR_PATH = '/api/account/user/upload-avatar';

/** Sends the cropped JPEG as `file` (avatar.jpg) with the user's deepspaceId (API.md). */
export function uploadAvatar(jpeg: Blob, deepspaceId: number): Promise<{ avatarUrl?: string }> {
  const form = new FormData();
  // A File rather than append's filename argument: some runtimes ignore that argument.
  form.append('file', new File([jpeg], 'avatar.jpg', { type: 'image/jpeg' }));
  form.append('deepspaceId', String(deepspaceId));
  return apiUpload(UPLOAD_AVATAR_PATH, form);
}
