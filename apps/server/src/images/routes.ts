import { imageGenerateSchema, imageImportSchema, imageSearchSchema, PLATFORMS, type Platform, valuesOf } from '@tianma/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../accounts/auth.js';
import { findOwnArticle } from '../articles/owner-articles.js';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import { safeFetch } from '../providers/http/safe-fetch.js';
import type { ImagePort } from '../providers/images/image-port.js';
import { drawParagraphPicture, plainParagraph } from './paragraph-picture.js';
import { addLibraryImage, CAPTION_MAX_CHARS, IMAGE_MAX_BYTES, presentImage } from './library.js';
import { type LibraryRanker, LibrarySearch } from './library-search.js';
import { articlePictures, captionTerms, queryTerms, signStockPick, stockQuery, type Unranked, verifyStockPick } from './search.js';
import { searchStock } from './stock/index.js';
import type { StockSource } from './stock/stock-port.js';

export interface ImageRouteDeps {
  db: Db;
  auth: Auth;
  storage: ObjectStorage;
  /** The stock sources in use now (none without keys; switchable in the console, decision 083). */
  stock: () => StockSource[];
  /** Signs stock picks (the app secret). */
  secret: string;
  /** The library's ranking (BM25 over captions, fused with embeddings when configured). */
  library?: LibraryRanker & { settled?(): Promise<void> };
  /** Draws a new picture for a paragraph (the card renderer, or the configured image model). */
  images?: ImagePort;
  /** Downloads a picked stock picture; tests replace it (the default refuses private addresses). */
  download?: (url: string) => Promise<Buffer>;
}

const SEARCH_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const UPLOAD_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };
/** A drawn picture costs a model call (or a card's CPU): a few a minute is what a creator needs. */
const DRAW_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const DEFAULT_RESULTS = 12;
const STOCK_HITS = 8;

/** A stock picture's URL comes from the source's answer: fetched like any outside URL. */
async function downloadPicture(url: string): Promise<Buffer> {
  const response = await safeFetch(url, { maxBytes: IMAGE_MAX_BYTES, timeoutMs: 15_000 });
  if (response.status !== 200) throw new AppError('UNAVAILABLE', '图片下载失败，请换一张或稍后再试');
  return response.body;
}

async function readUpload(request: FastifyRequest): Promise<{ file?: Buffer; name?: string; caption?: string }> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', '请以表单方式上传图片文件');
  const out: { file?: Buffer; name?: string; caption?: string } = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 3, fieldSize: CAPTION_MAX_CHARS * 4 } })) {
      if (part.type === 'file') {
        out.file = await part.toBuffer();
        out.name = part.filename;
      } else if (part.fieldname === 'caption') {
        out.caption = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', '图片大小不能超过 5MB');
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', '一次只能上传一张图片');
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', '上传内容不完整或格式有误，请重新上传', { cause: error });
  }
  return out;
}

/** A file name as a caption when the user gave none: IMG_2041 says nothing, 咖啡拉花 does. */
function captionFromName(name: string | undefined): string {
  const stem = (name ?? '').replace(/\.[A-Za-z0-9]{1,5}$/u, '').replace(/[_-]+/gu, ' ').trim();
  return /^(img|dsc|image|photo|screenshot|wx_camera)?[\s\d]*$/iu.test(stem) ? '' : stem;
}

/**
 * The image library and the search by paragraph meaning (issue 18, point 4; API.md). Owner only:
 * a user searches their own library, their own article's pictures and the stock sources.
 */
export function registerImageRoutes(app: FastifyInstance, deps: ImageRouteDeps): void {
  const { db, auth } = deps;
  const library = deps.library ?? new LibrarySearch({ db });
  // Caption vectors being stored when the app closes are finished first.
  app.addHook('onClose', async () => library.settled?.());
  const download = deps.download ?? downloadPicture;

  app.post('/api/v1/images', { config: UPLOAD_LIMIT }, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const upload = await readUpload(request);
    if (!upload.file) throw new AppError('BAD_REQUEST', '请选择要上传的图片');
    const caption = upload.caption?.trim() || captionFromName(upload.name);
    const row = await addLibraryImage(deps, { userId: current.user.id, source: 'library', bytes: upload.file, caption });
    return { success: true, data: presentImage(row), message: '图片已加入图库' };
  });

  app.post('/api/v1/images/search', { config: SEARCH_LIMIT }, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const body = imageSearchSchema.parse(request.body ?? {});
    const limit = body.limit ?? DEFAULT_RESULTS;
    const terms = queryTerms(body.text);
    const candidates: Unranked[] = [];

    if (body.articleId) {
      const article = /^[A-Za-z0-9_-]{1,64}$/u.test(body.articleId) ? await findOwnArticle(db, current.user.id, body.articleId) : undefined;
      if (!article) throw new AppError('NOT_FOUND', '未找到文章');
      for (const picture of articlePictures(article.content)) {
        candidates.push({ tokens: captionTerms(picture.caption), candidate: { url: picture.url, source: 'card', caption: picture.caption } });
      }
    }

    const stock = deps.stock();
    if (stock.length > 0 && terms.length > 0) {
      const hits = await searchStock(stock, stockQuery(body.text), STOCK_HITS, undefined, { logger: request.log });
      for (const hit of hits) {
        candidates.push({
          tokens: captionTerms(hit.caption),
          candidate: {
            url: hit.previewUrl,
            source: hit.source,
            caption: hit.caption,
            attribution: hit.attribution,
            licence: hit.licence,
            importToken: signStockPick({ userId: current.user.id, hit }, deps.secret),
          },
        });
      }
    }

    const ranked = await library.rank({ userId: current.user.id, text: body.text, extras: candidates, limit });
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: ranked.map((candidate) => ({ ...candidate, score: Math.round(candidate.score * 1000) / 1000 })) };
  });

  app.post('/api/v1/images/generate', { config: DRAW_LIMIT }, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const body = imageGenerateSchema.parse(request.body ?? {});
    if (!deps.images) throw new AppError('UNAVAILABLE', '暂时无法生成配图，请稍后再试');
    const article = /^[A-Za-z0-9_-]{1,64}$/u.test(body.articleId) ? await findOwnArticle(db, current.user.id, body.articleId) : undefined;
    if (!article) throw new AppError('NOT_FOUND', '未找到文章');
    if (!plainParagraph(body.text)) throw new AppError('BAD_REQUEST', '这一段没有文字，请选一段文字再生成配图');
    const platform = (valuesOf(PLATFORMS) as readonly string[]).includes(article.platform ?? '') ? (article.platform as Platform) : 'wechat';
    const picture = await drawParagraphPicture({ images: deps.images, storage: deps.storage }, { articleId: article.articleId, platform, text: body.text }).catch(
      (error: unknown) => {
        throw new AppError('UNAVAILABLE', '配图生成失败，请稍后重试', { cause: error });
      },
    );
    return { success: true, data: picture };
  });

  app.post('/api/v1/images/import', { config: UPLOAD_LIMIT }, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const { token } = imageImportSchema.parse(request.body ?? {});
    const hit = verifyStockPick(token, current.user.id, deps.secret);
    if (!hit) throw new AppError('BAD_REQUEST', '图片信息无效或已过期，请重新搜索');
    const bytes = await download(hit.imageUrl).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      throw new AppError('UNAVAILABLE', '图片下载失败，请换一张或稍后再试', { cause: error });
    });
    const row = await addLibraryImage(deps, {
      userId: current.user.id,
      source: hit.source,
      bytes,
      caption: hit.caption,
      licence: hit.licence,
      attribution: hit.attribution,
      sourceUrl: hit.pageUrl,
    });
    return { success: true, data: { ...presentImage(row), attribution: hit.attribution, licence: hit.licence } };
  });
}
