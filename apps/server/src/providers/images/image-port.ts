/** The image port: the built-in card renderer by default, an OpenAI-compatible images API when configured. */
export type ImageKind = 'cover' | 'section';

export interface ImageRequest {
  kind: ImageKind;
  platform: 'wechat' | 'zhihu' | 'xiaohongshu';
  /** The article title (cover) or the section heading (section card). */
  title: string;
  /** A short line under the title: the summary or the section's key point. */
  subtitle?: string;
  /** A description of the picture for a generative model (ignored by the card renderer). */
  prompt?: string;
  signal?: AbortSignal;
}

export interface GeneratedImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  /** Alt text for the article. */
  alt: string;
  /** Which port drew it, when a fallback may have stood in for the configured one. */
  madeBy?: ImagePort['name'];
}

export interface ImagePort {
  readonly name: 'cards' | 'openai';
  generate(request: ImageRequest): Promise<GeneratedImage>;
}

/** Pixel sizes per platform and kind: 2.35:1 WeChat cover, 3:4 Xiaohongshu, 16:9 Zhihu. */
export const IMAGE_SIZES: Record<ImageRequest['platform'], Record<ImageKind, { width: number; height: number }>> = {
  wechat: { cover: { width: 1175, height: 500 }, section: { width: 1080, height: 608 } },
  xiaohongshu: { cover: { width: 1080, height: 1440 }, section: { width: 1080, height: 1440 } },
  zhihu: { cover: { width: 1280, height: 720 }, section: { width: 1280, height: 720 } },
};
