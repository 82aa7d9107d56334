/**
 * The card renderer in worker threads (card-worker.ts), with the same interface and the same bytes
 * as CardImageRenderer. A card costs 40–60 ms of CPU, nearly all of it rasterising and compressing
 * the PNG; on the main thread and libuv's pool, 50 tasks' cards at once starved the event loop that
 * records progress and streams it. The pool keeps that work off the event loop and within `size`
 * threads, so the other cores stay free for it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { findCardFonts } from './card-renderer.js';
import type { CardJob } from './card-worker.js';
import type { GeneratedImage, ImagePort, ImageRequest } from './image-port.js';

export interface CardPoolOptions {
  /** Worker threads (at least 1), started when the first card is asked for. */
  size: number;
  fontPath?: string;
  /** The worker's script; tests pass one that misbehaves. */
  workerUrl?: URL;
}

type Answer = { id: number; image: GeneratedImage & { bytes: Uint8Array } } | { id: number; error: string };

interface Job extends CardJob {
  settle(outcome: { image: GeneratedImage } | { error: Error }): void;
}

interface Slot {
  worker: Worker;
  inFlight: Map<number, Job>;
  failure?: Error;
}

/** Cards handed to one worker at once: one drawing and one waiting, so it never idles between them. */
const PER_WORKER = 2;
const ownExtension = path.extname(fileURLToPath(import.meta.url));
const WORKER_URL = new URL(`./card-worker${ownExtension}`, import.meta.url);

/** Starts a worker thread; from the TypeScript sources (tsx, vitest) through ts-worker.mjs. */
function startWorker(url: URL, data: object): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData: data });
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { ...data, entry: url.href } });
}

export class CardRendererPool implements ImagePort {
  readonly name = 'cards';
  private readonly slots: Array<Slot | null>;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: CardPoolOptions) {
    // Fail at boot, as the in-thread renderer does, when there is no font to draw with.
    findCardFonts(options.fontPath);
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => null);
  }

  generate(request: ImageRequest): Promise<GeneratedImage> {
    const { signal, ...rest } = request;
    return new Promise((resolve, reject) => {
      if (this.closed) throw new Error('Image cards: the renderer pool is closed');
      signal?.throwIfAborted();
      let done = false;
      const onAbort = () => job.settle({ error: signal!.reason as Error });
      const job: Job = {
        id: this.nextId++,
        request: rest,
        settle: (outcome) => {
          if (done) return;
          done = true;
          signal?.removeEventListener('abort', onAbort);
          const queued = this.queue.indexOf(job);
          if (queued >= 0) this.queue.splice(queued, 1);
          if ('image' in outcome) resolve(outcome.image);
          else reject(outcome.error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Worker threads running now. */
  get threads(): number {
    return this.slots.filter((slot) => slot !== null).length;
  }

  /** Stops the workers; cards not yet answered fail. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('Image cards: the renderer pool is closed');
    for (const job of this.queue.splice(0)) job.settle({ error });
    const slots = this.slots.filter((slot): slot is Slot => slot !== null);
    this.slots.fill(null);
    await Promise.all(
      slots.map(async (slot) => {
        for (const job of slot.inFlight.values()) job.settle({ error });
        slot.inFlight.clear();
        await slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    for (let i = 0; i < this.slots.length && this.queue.length > 0 && !this.closed; i++) {
      let slot = this.slots[i];
      while (this.queue.length > 0 && (slot?.inFlight.size ?? 0) < PER_WORKER) {
        slot ??= this.slots[i] = this.start(i);
        const job = this.queue.shift()!;
        if (slot.inFlight.size === 0) slot.worker.ref();
        slot.inFlight.set(job.id, job);
        slot.worker.postMessage({ id: job.id, request: job.request } satisfies CardJob);
      }
    }
  }

  private start(index: number): Slot {
    const url = this.options.workerUrl ?? WORKER_URL;
    const worker = startWorker(url, { fontPath: this.options.fontPath });
    const slot: Slot = { worker, inFlight: new Map() };
    worker.on('message', (answer: Answer) => {
      const job = slot.inFlight.get(answer.id);
      slot.inFlight.delete(answer.id);
      // An idle worker must not keep the process alive.
      if (slot.inFlight.size === 0) worker.unref();
      if ('error' in answer) job?.settle({ error: new Error(answer.error) });
      else job?.settle({ image: { ...answer.image, bytes: Buffer.from(answer.image.bytes.buffer, answer.image.bytes.byteOffset, answer.image.bytes.byteLength) } });
      this.dispatch();
    });
    // An uncaught error in the worker (its fonts failed to load, say); 'exit' follows.
    worker.on('error', (error: Error) => {
      slot.failure = error;
    });
    // A worker that stops fails the cards it held; the next card starts a fresh one in its place.
    worker.on('exit', (code) => {
      if (this.slots[index] === slot) this.slots[index] = null;
      const why = slot.failure?.message ?? `exit code ${code}`;
      for (const job of slot.inFlight.values()) job.settle({ error: new Error(`Image cards: the render worker stopped before answering (${why})`) });
      slot.inFlight.clear();
      this.dispatch();
    });
    return slot;
  }
}
