import type { KnowledgeFileType } from '../detect-type.js';
import type { ExtractedPicture } from './limits.js';

export { type ExtractedPicture, MAX_PICTURES_PER_DOCUMENT } from './limits.js';

/**
 * The pictures inside a knowledge-base document, each with a caption from the text around it
 * (issue 18: the library also holds the pictures of the user's documents). Word and PDF only.
 * One picture that fails to decode is left out; a document that cannot be read for pictures at
 * all throws PictureExtractionError, for the caller to log (its text may have parsed fine).
 */
export async function extractPictures(bytes: Buffer, type: KnowledgeFileType, fileName: string): Promise<ExtractedPicture[]> {
  try {
    switch (type) {
      // Loaded on the first such file, as the parsers are.
      case 'docx':
        return await (await import('./docx-pictures.js')).extractDocxPictures(bytes);
      case 'pdf':
        return await (await import('./pdf-pictures.js')).extractPdfPictures(bytes);
      case 'md':
      case 'txt':
        return [];
    }
  } catch (error) {
    throw new PictureExtractionError(`${fileName}: ${String(error)}`, { cause: error });
  }
}

/** The document as a whole could not be read for pictures (its text may still have been). */
export class PictureExtractionError extends Error {
  override name = 'PictureExtractionError';
}
