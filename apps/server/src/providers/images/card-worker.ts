/**
 * A worker thread of the card pool (card-pool.ts): loads the fonts once, then draws and encodes
 * one card per message, answering `{ id, image }` or `{ id, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CardImageRenderer } from './card-renderer.js';
import type { ImageRequest } from './image-port.js';

export interface CardJob {
  id: number;
  request: Omit<ImageRequest, 'signal'>;
}

const port = parentPort;
if (!port) throw new Error('card-worker.ts runs as a worker thread of CardRendererPool');

const renderer = new CardImageRenderer({ fontPath: (workerData as { fontPath?: string }).fontPath, encodeOnThisThread: true });

port.on('message', async ({ id, request }: CardJob) => {
  try {
    const image = await renderer.generate(request);
    // A copy of our own, so its memory can be handed over rather than copied again.
    const bytes = new Uint8Array(image.bytes);
    port.postMessage({ id, image: { ...image, bytes } }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
