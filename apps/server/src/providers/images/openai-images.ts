/**
 * Images from an OpenAI-compatible images API (DALL·E 3, gpt-image-1, or a compatible
 * provider's model). Failures become plain Errors whose message never carries the API key;
 * callers wrap this adapter in FallbackImages so that a failed picture becomes a card.
 */
import OpenAI from 'openai';
import type { ImagesResponse } from 'openai/resources/images';
import { type GeneratedImage, IMAGE_SIZES, type ImagePort, type ImageRequest } from './image-port.js';
import { altText } from './text-layout.js';

export interface OpenAiImagesConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** A size string the model accepts ('1536x1024'…); by default the nearest to the platform's aspect. */
  size?: string;
  timeoutMs?: number;
  maxRetries?: number;
}

const MAX_DOWNLOAD_BYTES = 10 * 1024 * 1024;
const PLATFORM_NAMES: Record<ImageRequest['platform'], string> = { wechat: '微信公众号', zhihu: '知乎', xiaohongshu: '小红书' };

/** The sizes a model is known to accept; unknown (compatible) models get DALL·E 3's. */
export function supportedSizes(model: string): string[] {
  if (/^gpt-image/i.test(model)) return ['1024x1024', '1536x1024', '1024x1536'];
  if (/^dall-e-2/i.test(model)) return ['1024x1024'];
  return ['1024x1024', '1792x1024', '1024x1792'];
}

/** The supported size whose aspect ratio is nearest (on a log scale) to width:height. */
export function nearestSize(model: string, width: number, height: number): string {
  const target = Math.log(width / height);
  const distance = (size: string) => {
    const [w = 1, h = 1] = size.split('x').map(Number);
    return Math.abs(Math.log(w / h) - target);
  };
  return supportedSizes(model).reduce((best, size) => (distance(size) < distance(best) ? size : best));
}

/** The Chinese prompt: the picture's subject from the request, and no lettering in the picture. */
export function buildImagePrompt(request: ImageRequest): string {
  const { width, height } = IMAGE_SIZES[request.platform][request.kind];
  const orientation = width > height * 1.2 ? '横版' : height > width * 1.2 ? '竖版' : '方形';
  const use = request.kind === 'cover' ? '封面' : '章节配图';
  return [
    `为一篇${PLATFORM_NAMES[request.platform]}文章创作${use}插画。`,
    `主题：${request.title.trim()}`,
    request.subtitle?.trim() ? `要点：${request.subtitle.trim()}` : '',
    request.prompt?.trim() ? `画面描述：${request.prompt.trim()}` : '',
    `${orientation}构图，主体居中、四周留有余地便于裁切；风格现代、简洁、有质感，色彩和谐。`,
    '画面中不要出现任何文字、汉字、字母、数字、标志或水印。',
  ]
    .filter(Boolean)
    .join('\n')
    .slice(0, 2000);
}

export class OpenAiImages implements ImagePort {
  readonly name = 'openai';
  private readonly client: OpenAI;
  private readonly timeoutMs: number;

  constructor(private readonly config: OpenAiImagesConfig) {
    this.timeoutMs = config.timeoutMs ?? 60_000;
    this.client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, timeout: this.timeoutMs, maxRetries: config.maxRetries ?? 1 });
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    const { width, height } = IMAGE_SIZES[request.platform][request.kind];
    const size = this.config.size ?? nearestSize(this.config.model, width, height);
    try {
      const response = await this.call(request, size);
      const image = response.data?.[0];
      let bytes: Buffer;
      if (image?.b64_json) bytes = Buffer.from(image.b64_json, 'base64');
      else if (image?.url) bytes = await download(image.url, this.timeoutMs, request.signal);
      else throw new Error('the answer holds no image');
      const info = sniffImage(bytes);
      if (!info) throw new Error('the answer is not a PNG, JPEG or WebP image');
      const [w = 0, h = 0] = size.split('x').map(Number);
      const alt = altText(request.title, request.subtitle);
      return { bytes, contentType: info.contentType, width: info.width || w, height: info.height || h, alt };
    } catch (error) {
      throw this.translate(error);
    }
  }

  private async call(request: ImageRequest, size: string): Promise<ImagesResponse> {
    const params = { model: this.config.model, prompt: buildImagePrompt(request), n: 1, size };
    // gpt-image models always answer base64 and reject response_format.
    if (/^gpt-image/i.test(this.config.model)) return this.client.images.generate(params, { signal: request.signal });
    try {
      return await this.client.images.generate({ ...params, response_format: 'b64_json' }, { signal: request.signal });
    } catch (error) {
      // NOTE: some compatible providers refuse the parameter instead of ignoring it; they answer URLs.
      if (!(error instanceof OpenAI.BadRequestError && /response_format/i.test(error.message))) throw error;
      return this.client.images.generate(params, { signal: request.signal });
    }
  }

  private translate(error: unknown): Error {
    let message: string;
    if (error instanceof OpenAI.APIConnectionTimeoutError) message = `timed out after ${this.timeoutMs} ms`;
    else if (error instanceof OpenAI.APIUserAbortError) message = 'aborted';
    else if (error instanceof OpenAI.APIError) message = `HTTP ${error.status ?? 'error'}: ${error.message}`;
    else if (error instanceof Error) message = error.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : error.message;
    else message = String(error);
    const scrubbed = (this.config.apiKey ? message.split(this.config.apiKey).join('***') : message).replace(/\bsk-[\w-]{6,}/g, 'sk-***');
    return new Error(`Image generation (${this.config.model}) failed: ${scrubbed}`);
  }
}

/** Downloads a result URL with a timeout and a 10 MB cap; the URL is left out of errors (it may be signed). */
async function download(url: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<Buffer> {
  const protocol = new URL(url).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`the image URL uses ${protocol}`);
  const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
  const response = await fetch(url, { signal: AbortSignal.any(signals) });
  if (!response.ok || !response.body) throw new Error(`downloading the image answered HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_DOWNLOAD_BYTES) {
    await response.body.cancel();
    throw new Error('the image is larger than 10 MB');
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_DOWNLOAD_BYTES) {
      await reader.cancel();
      throw new Error('the image is larger than 10 MB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads the format and pixel size from the first bytes of a PNG, JPEG or WebP file. */
export function sniffImage(bytes: Buffer): { contentType: GeneratedImage['contentType']; width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { contentType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      const marker = bytes[i + 1] ?? 0;
      if (bytes[i] !== 0xff || marker === 0xff) {
        i++;
      } else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { contentType: 'image/jpeg', width: bytes.readUInt16BE(i + 7), height: bytes.readUInt16BE(i + 5) };
      } else {
        i += 2 + bytes.readUInt16BE(i + 2);
      }
    }
    return { contentType: 'image/jpeg', width: 0, height: 0 };
  }
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = bytes.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { contentType: 'image/webp', width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return { contentType: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    return { contentType: 'image/webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}
