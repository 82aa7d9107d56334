export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Why a chosen file cannot become an avatar (spec §5), or null when the crop dialog may open. */
export function avatarFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return '请上传图片文件';
  if (file.size > AVATAR_MAX_BYTES) return '图片大小不能超过 2MB';
  return null;
}
