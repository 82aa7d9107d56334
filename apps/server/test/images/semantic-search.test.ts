import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibrarySearch } from '../../src/images/library-search.js';
import { SemanticLibrarySearch } from '../../src/images/semantic-search.js';
import { userImages, userImageVectors } from '../../src/images/tables.js';
import type { EmbeddingsPort } from '../../src/providers/embeddings/embeddings-port.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/**
 * Embeddings that know synonyms: each text points along the concepts it names, so 小狗 and 宠物犬
 * meet although they share no word (what a real model does and BM25 cannot).
 */
const CONCEPTS = [/狗|犬/u, /咖啡/u, /登山|徒步|爬山/u, /猫/u];
function conceptVector(text: string): number[] {
  const vector = CONCEPTS.map((concept) => (concept.test(text) ? 1 : 0));
  return [...vector, 0.05];
}

class ConceptEmbeddings implements EmbeddingsPort {
  readonly model = 'concepts-v1';
  calls: string[][] = [];
  failing = false;
  async embed(texts: readonly string[]): Promise<number[][]> {
    this.calls.push([...texts]);
    if (this.failing) throw new Error('embeddings down');
    return texts.map(conceptVector);
  }
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let nextUser = 9000;
async function libraryOf(captions: string[]): Promise<{ userId: number; ids: Map<string, string> }> {
  const userId = nextUser++;
  const ids = new Map<string, string>();
  for (const [i, caption] of captions.entries()) {
    const id = `img_sem_${userId}_${i}`;
    await database.db.insert(userImages).values({ id, userId, source: 'library', storageKey: `images/${id}.png`, caption, bytes: 10, createdAt: new Date(Date.now() + i) });
    ids.set(caption, id);
  }
  return { userId, ids };
}

function searchWith(embeddings: EmbeddingsPort, budgetMs = 2000) {
  return new SemanticLibrarySearch(new LibrarySearch({ db: database.db }), { db: database.db, embeddings, logger: pino({ level: 'silent' }), budgetMs });
}

const DOG_PARAGRAPH = '宠物犬每天需要两次散步，牵引绳要选合适的长度。';

describe('the picture search with embeddings', () => {
  it('finds a picture by meaning when its caption shares no word with the paragraph', async () => {
    const { userId, ids } = await libraryOf(['草地上奔跑的小狗', '手冲咖啡的滤杯', '登山徒步的背包']);
    const words = await new LibrarySearch({ db: database.db }).rank({ userId, text: DOG_PARAGRAPH, limit: 5 });
    expect(words).toEqual([]);
    const ranked = await searchWith(new ConceptEmbeddings()).rank({ userId, text: DOG_PARAGRAPH, limit: 5 });
    expect(ranked.map((candidate) => candidate.imageId)).toEqual([ids.get('草地上奔跑的小狗')]);
    expect(ranked[0]!.score).toBeGreaterThan(0);
  });

  it('puts first the picture both rankings agree on, and leaves out the unrelated ones', async () => {
    const { userId, ids } = await libraryOf(['咖啡拉花', '手冲咖啡的滤杯和手冲壶', '草地上奔跑的小狗']);
    const ranked = await searchWith(new ConceptEmbeddings()).rank({ userId, text: '手冲咖啡要先把滤杯和手冲壶准备好。', limit: 5 });
    expect(ranked[0]!.imageId).toBe(ids.get('手冲咖啡的滤杯和手冲壶'));
    expect(ranked.map((candidate) => candidate.imageId)).not.toContain(ids.get('草地上奔跑的小狗'));
  });

  it('embeds each caption once: stored, then only the paragraph is embedded on the next searches', async () => {
    const { userId, ids } = await libraryOf(['草地上奔跑的小狗', '窗台上的猫']);
    const embeddings = new ConceptEmbeddings();
    await searchWith(embeddings).rank({ userId, text: DOG_PARAGRAPH, limit: 5 });
    const stored = await database.db.select().from(userImageVectors).where(eq(userImageVectors.imageId, ids.get('窗台上的猫')!));
    expect(stored).toEqual([{ imageId: ids.get('窗台上的猫'), model: 'concepts-v1', vector: conceptVector('窗台上的猫') }]);

    // A new process (a new search object) reads the stored vectors instead of embedding again.
    const again = new ConceptEmbeddings();
    const ranked = await searchWith(again).rank({ userId, text: '猫咪喜欢趴在高处晒太阳', limit: 5 });
    expect(ranked[0]!.imageId).toBe(ids.get('窗台上的猫'));
    expect(again.calls).toEqual([['猫咪喜欢趴在高处晒太阳']]);
  });

  it('ranks by words alone when the embeddings API fails, and embeds the captions on a later search', async () => {
    const { userId, ids } = await libraryOf(['手冲咖啡的滤杯', '草地上奔跑的小狗']);
    const embeddings = new ConceptEmbeddings();
    embeddings.failing = true;
    const search = searchWith(embeddings);
    const ranked = await search.rank({ userId, text: '滤杯怎么选：手冲咖啡的第一步', limit: 5 });
    expect(ranked.map((candidate) => candidate.imageId)).toEqual([ids.get('手冲咖啡的滤杯')]);
    await search.settled();
    embeddings.failing = false;
    const later = await search.rank({ userId, text: DOG_PARAGRAPH, limit: 5 });
    expect(later[0]!.imageId).toBe(ids.get('草地上奔跑的小狗'));
  });

  it('answers by words when the captions take longer than the budget, and has their vectors next time', async () => {
    const { userId, ids } = await libraryOf(['手冲咖啡的滤杯', '草地上奔跑的小狗']);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = new ConceptEmbeddings();
    const embed = slow.embed.bind(slow);
    // The captions (two texts) wait; the paragraph (one text) answers at once.
    slow.embed = async (texts) => {
      if (texts.length > 1) await held;
      return embed(texts);
    };
    const search = searchWith(slow, 50);
    const first = await search.rank({ userId, text: DOG_PARAGRAPH, limit: 5 });
    expect(first).toEqual([]);
    release();
    await search.settled();
    expect((await search.rank({ userId, text: DOG_PARAGRAPH, limit: 5 }))[0]!.imageId).toBe(ids.get('草地上奔跑的小狗'));
  });
});
