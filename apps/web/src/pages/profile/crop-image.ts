import type { Area } from 'react-easy-crop';

export const AVATAR_SIZE_PX = 400;
const JPEG_QUALITY = 0.9;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('图片无法读取'));
    image.src = src;
  });
}

/** Cuts `area` (in the image's own pixels) out of the image as a square JPEG. */
export async function cropToJpeg(src: string, area: Area, size = AVATAR_SIZE_PX): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('浏览器不支持图片裁剪');
  // JPEG has no transparency: transparent PNG areas would turn black without a background.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('图片导出失败'))), 'image/jpeg', JPEG_QUALITY);
  });
}
