import type { Logger } from 'pino';
import { createStockSources, stockImageOrigins } from '../images/stock/index.js';
import type { StockSource } from '../images/stock/stock-port.js';
import type { EmbeddingsPort } from './embeddings/embeddings-port.js';
import { OpenAiEmbeddings } from './embeddings/openai-embeddings.js';
import { FallbackImages } from './images/fallback-images.js';
import type { GeneratedImage, ImagePort, ImageRequest } from './images/image-port.js';
import { OpenAiImages } from './images/openai-images.js';
import type { EmbeddingsSettings, ImagesSettings, LiveProviders, StockSettings } from './live-providers.js';

/*
 * Ports to the providers in use now (decision 083): each is made once per settings object
 * (which stays the same while its row or the environment does), so a steady setting keeps its
 * port and the port's caches (a stock source's 24 h answers and rate limit, the embeddings
 * client), and a switch in the console gives the next caller a new one.
 */

function perSettings<S extends object, P>(settings: () => S | null, make: (settings: S) => P): () => P | null {
  const ports = new WeakMap<S, P>();
  return () => {
    const current = settings();
    if (!current) return null;
    let port = ports.get(current);
    if (port === undefined) {
      port = make(current);
      ports.set(current, port);
    }
    return port;
  };
}

export function embeddingsPort(settings: EmbeddingsSettings): EmbeddingsPort {
  return new OpenAiEmbeddings({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model, batchSize: settings.batchSize });
}

/** The embeddings port now, or null (keyword retrieval alone). */
export function currentEmbeddings(providers: Pick<LiveProviders, 'embeddings'>): () => EmbeddingsPort | null {
  return perSettings(providers.embeddings, embeddingsPort);
}

/** The stock sources now ([] when none is set). */
export function currentStock(providers: Pick<LiveProviders, 'stock'>): () => StockSource[] {
  const sources = perSettings(providers.stock, (stock: StockSettings) => createStockSources({ stock }));
  return () => sources() ?? [];
}

/** The hosts the current stock sources serve thumbnails from (the page's img-src). */
export function currentStockOrigins(providers: Pick<LiveProviders, 'stock'>): () => readonly string[] {
  const origins = perSettings(providers.stock, (stock: StockSettings) => stockImageOrigins({ stock }));
  return () => origins() ?? [];
}

/**
 * Pictures from the generator in use now, the built-in cards standing in for any failure; with
 * the cards as the setting, the cards alone.
 */
export class LiveImages implements ImagePort {
  readonly #current: () => ImagePort | null;

  constructor(
    images: () => ImagesSettings,
    private readonly cards: ImagePort,
    logger: Logger,
  ) {
    this.#current = perSettings(images, (settings: ImagesSettings) =>
      settings.provider === 'cards'
        ? cards
        : new FallbackImages({
            primary: new OpenAiImages({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model }),
            fallback: cards,
            onFallback: (error) => logger.warn({ err: error }, 'image generation failed; a card is used instead'),
          }),
    );
  }

  get name(): ImagePort['name'] {
    return this.port().name;
  }

  generate(request: ImageRequest): Promise<GeneratedImage> {
    return this.port().generate(request);
  }

  private port(): ImagePort {
    return this.#current() ?? this.cards;
  }
}
