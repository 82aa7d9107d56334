import { imageFormatOf } from '../../exports/article-images.js';
import { lazyRequire } from '../../platform/lazy-require.js';
import type { MpImageFile } from './mp-api-client.js';

/** Loaded by the first publish that has to convert a picture. */
const canvasLib = lazyRequire<typeof import('@napi-rs/canvas')>('@napi-rs/canvas');

/** media/uploadimg takes jpg/png under 1 MB (WECHATMP.md). */
export const WECHAT_IMAGE_MAX_BYTES = 1024 * 1024 - 1;

/** Raised for a picture WeChat cannot take and we cannot convert; the message (Chinese) names it. */
export class WechatImageError extends Error {
  override name = 'WechatImageError';
}

/**
 * A picture as WeChat takes it: jpg or png under 1 MB as it is; anything else (WebP, GIF, BMP, or
 * too large) redrawn on a white ground as JPEG, quality and then size lowered until it fits.
 * `label` names the picture in the error.
 */
export async function toWechatImage(bytes: Buffer, label: string, baseName: string): Promise<MpImageFile> {
  const format = imageFormatOf(bytes);
  if (!format) throw new WechatImageError(`图片「${label}」不是可识别的图片格式，请换成 JPG 或 PNG 图片`);
  if ((format === 'png' || format === 'jpg') && bytes.length <= WECHAT_IMAGE_MAX_BYTES) {
    return { data: bytes, filename: `${baseName}.${format}`, contentType: format === 'png' ? 'image/png' : 'image/jpeg' };
  }
  const { createCanvas, loadImage } = canvasLib();
  const image = await loadImage(bytes).catch(() => null);
  if (!image || image.width < 1 || image.height < 1) throw new WechatImageError(`图片「${label}」无法解码，请换成 JPG 或 PNG 图片`);
  let scale = Math.min(1, 2560 / Math.max(image.width, image.height));
  for (let attempt = 0; attempt < 8; attempt++) {
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(image, 0, 0, width, height);
    const data = await canvas.encode('jpeg', attempt === 0 ? 85 : 75);
    if (data.length <= WECHAT_IMAGE_MAX_BYTES) return { data, filename: `${baseName}.jpg`, contentType: 'image/jpeg' };
    scale *= Math.max(0.3, Math.min(0.85, Math.sqrt(WECHAT_IMAGE_MAX_BYTES / data.length) * 0.9));
  }
  throw new WechatImageError(`图片「${label}」无法压缩到 1 MB 以内，请换一张较小的图片`);
}
