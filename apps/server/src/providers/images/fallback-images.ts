/**
 * "A failed image never fails the article": asks the primary adapter and, on any error or when
 * it takes too long, reports the failure and answers the built-in card instead.
 */
import type { GeneratedImage, ImagePort, ImageRequest } from './image-port.js';

export interface FallbackImagesOptions {
  primary: ImagePort;
  /** The card renderer, which needs no network. */
  fallback: ImagePort;
  /** Called with the primary's error (or timeout) before the card is drawn; for logging. */
  onFallback: (error: Error) => void;
  /** How long the primary may take before the card is used (default 90 s). */
  timeoutMs?: number;
}

export class FallbackImages implements ImagePort {
  readonly name: ImagePort['name'];

  constructor(private readonly options: FallbackImagesOptions) {
    this.name = options.primary.name;
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    const timeoutMs = this.options.timeoutMs ?? 90_000;
    const deadline = new AbortController();
    const signal = request.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`Image generation (${this.options.primary.name}) took longer than ${timeoutMs} ms`);
        deadline.abort(error);
        reject(error);
      }, timeoutMs);
    });
    try {
      // NOTE: the race also covers a primary that ignores its abort signal.
      return await Promise.race([this.options.primary.generate({ ...request, signal }), timeout]);
    } catch (error) {
      // The caller cancelling is not a failed image: the article is being abandoned.
      if (request.signal?.aborted) throw request.signal.reason;
      this.report(error instanceof Error ? error : new Error(String(error)));
      return { ...(await this.options.fallback.generate(request)), madeBy: this.options.fallback.name };
    } finally {
      clearTimeout(timer);
    }
  }

  private report(error: Error): void {
    try {
      this.options.onFallback(error);
    } catch {
      // A failing logger must not fail the article either.
    }
  }
}
