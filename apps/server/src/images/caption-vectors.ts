import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import type { EmbeddingsPort } from '../providers/embeddings/embeddings-port.js';
import { type UserImageRow, userImages, userImageVectors } from './tables.js';

/** Captions embedded per call to the port (which splits them again by its own batch size). */
const FILL_CHUNK = 64;

/**
 * The vectors of each user's captions for one embeddings model: read from the database once per
 * user, the missing ones embedded in the background (one fill per user at a time) and stored, so
 * a caption is embedded once whatever the number of searches, processes or restarts. A search
 * waits for a fill only up to its budget and ranks with the vectors there are; the rest serve
 * the next search. Bounded: the least recently searched user's vectors are dropped first.
 */
export class CaptionVectors {
  readonly #byUser = new Map<number, Map<string, number[]>>();
  readonly #filling = new Map<number, Promise<void>>();

  constructor(
    private readonly deps: { db: Db; embeddings: EmbeddingsPort; logger?: Logger },
    private readonly maxUsers = 8,
  ) {}

  /** The vectors known for these pictures after waiting at most `budgetMs` for the missing ones. */
  async forLibrary(userId: number, rows: readonly UserImageRow[], budgetMs: number): Promise<ReadonlyMap<string, number[]>> {
    const known = await this.#known(userId);
    const missing = rows.filter((row) => !known.has(row.id) && row.caption.trim() !== '');
    if (missing.length > 0) {
      const fill = this.#filling.get(userId) ?? this.#fill(userId, missing, known);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([fill, new Promise((resolve) => (timer = setTimeout(resolve, budgetMs)))]);
      clearTimeout(timer);
    }
    return known;
  }

  async #known(userId: number): Promise<Map<string, number[]>> {
    const cached = this.#byUser.get(userId);
    if (cached) {
      this.#byUser.delete(userId);
      this.#byUser.set(userId, cached);
      return cached;
    }
    const rows = await this.deps.db
      .select({ imageId: userImageVectors.imageId, vector: userImageVectors.vector })
      .from(userImageVectors)
      .innerJoin(userImages, eq(userImages.id, userImageVectors.imageId))
      .where(and(eq(userImages.userId, userId), eq(userImageVectors.model, this.deps.embeddings.model)));
    const known = new Map(rows.map((row) => [row.imageId, row.vector]));
    this.#byUser.set(userId, known);
    if (this.#byUser.size > this.maxUsers) this.#byUser.delete(this.#byUser.keys().next().value!);
    return known;
  }

  #fill(userId: number, missing: readonly UserImageRow[], known: Map<string, number[]>): Promise<void> {
    const { db, embeddings, logger } = this.deps;
    const run = async () => {
      for (let start = 0; start < missing.length; start += FILL_CHUNK) {
        const chunk = missing.slice(start, start + FILL_CHUNK);
        const vectors = await embeddings.embed(chunk.map((row) => row.caption));
        const values = chunk.map((row, i) => ({ imageId: row.id, model: embeddings.model, vector: vectors[i]! }));
        await db.insert(userImageVectors).values(values).onConflictDoNothing();
        for (const value of values) known.set(value.imageId, value.vector);
      }
    };
    const fill = run()
      .catch((error: unknown) => logger?.warn({ err: error, userId }, 'caption vectors failed; the picture search ranks by words alone'))
      .finally(() => this.#filling.delete(userId));
    this.#filling.set(userId, fill);
    return fill;
  }

  /** Waits for the fills under way (closing the app, tests). */
  async settled(): Promise<void> {
    await Promise.all(this.#filling.values());
  }
}
