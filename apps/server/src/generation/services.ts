import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import { KnowledgeRetriever } from '../knowledge/retrieve.js';
import { createLibraryRanker } from '../images/ranker.js';
import type { Database, Db } from '../platform/db/index.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import { CardRendererPool } from '../providers/images/card-pool.js';
import { CardImageRenderer } from '../providers/images/card-renderer.js';
import type { EmbeddingsPort } from '../providers/embeddings/embeddings-port.js';
import type { ImagePort } from '../providers/images/image-port.js';
import { currentEmbeddings, LiveImages } from '../providers/live-ports.js';
import { type LiveProviders, type LlmSettings, staticProviders } from '../providers/live-providers.js';
import { createSearchPort } from '../providers/search/registry.js';
import type { SearchPort } from '../providers/search/search-port.js';
import { OpenAiCompatibleLlm } from '../providers/llm/openai-compatible.js';
import { LlmAgents } from './agents/llm-agents.js';
import type { Agents } from './agents/types.js';
import { OfflineComposer } from './composer/offline-composer.js';
import { BullMqTaskQueue } from './bullmq-queue.js';
import { type EventBus, InProcessEventBus } from './events.js';
import { executeTask } from './execute-task.js';
import { RedisEventBus } from './redis-event-bus.js';
import { recoveryTiming, sweepStaleTasks } from './sweep-tasks.js';
import type { PipelineDeps } from './stage-context.js';
import { InProcessTaskRunner, type JobHandlers, type TaskHandler, type TaskQueue } from './task-runner.js';

export interface GenerationServices {
  bus: EventBus;
  queue: TaskQueue;
  pipeline: PipelineDeps;
  close(): Promise<void>;
}

export interface GenerationOverrides {
  agents?: Agents;
  images?: ImagePort;
  /** false: this process only enqueues (role api); workers elsewhere run the tasks. */
  runWorker?: boolean;
  /** Namespaces Redis keys and channels (default `tianma`), so tests can share one Redis. */
  redisPrefix?: string;
}

/** A model's name (as stored on its articles) and how to open a port to it. */
export function modelOf(llm: LlmSettings) {
  return {
    name: llm.writingModel ?? llm.model,
    create: () =>
      new OpenAiCompatibleLlm({
        baseUrl: llm.baseUrl,
        apiKey: llm.apiKey,
        model: llm.model,
        models: { outline: llm.outlineModel, writing: llm.writingModel },
        timeoutMs: llm.timeoutMs,
      }),
  };
}

/**
 * The card renderer (in worker threads unless IMAGE_WORKERS=0) and, in front of it, the picture
 * generator in use now (decision 083); close() stops the workers.
 */
function createImages(config: Config, providers: LiveProviders, logger: Logger): { port: ImagePort; close(): Promise<void> } {
  const pool = config.images.cardWorkers > 0 ? new CardRendererPool({ size: config.images.cardWorkers }) : null;
  const cards = pool ?? new CardImageRenderer();
  return { port: new LiveImages(providers.images, cards, logger), close: async () => pool?.close() };
}

/**
 * The writing engine's parts, chosen by configuration: the agents (the offline composer until a
 * model is configured), web search (none by default), images (the card renderer by default), the
 * event bus and the task queue with its worker (in-process by default; Redis pub/sub and BullMQ
 * when REDIS_URL is set, so API and worker processes can be separate).
 */
export function createGenerationServices(
  config: Config,
  deps: {
    db: Db;
    storage: ObjectStorage;
    logger: Logger;
    databaseKind?: Database['kind'];
    /** The providers in use now (env, console or default); the configuration's alone when absent. */
    providers?: LiveProviders;
    /** The embeddings port in use now; made from `providers` when absent. */
    embeddings?: () => EmbeddingsPort | null;
    /** Work of other domains that runs on the same queue and workers, reporting on the same bus. */
    jobs?: (bus: EventBus) => JobHandlers;
  },
  overrides: GenerationOverrides = {},
): GenerationServices {
  const { redisUrl } = config;
  const redisPrefix = overrides.redisPrefix ?? config.redisPrefix;
  const timing = recoveryTiming(config.generation.staleAfterMs);
  const bus: EventBus = redisUrl
    ? new RedisEventBus({ url: redisUrl, logger: deps.logger, prefix: redisPrefix })
    : new InProcessEventBus({ soleWriter: deps.databaseKind === 'pglite' });
  const providers = deps.providers ?? staticProviders(config);
  const offline = new OfflineComposer();
  // The model is asked for when a task starts, so a model connected in the console (decision 080)
  // writes the next task without a restart.
  const currentModel = () => {
    const llm = providers.llm();
    return llm ? modelOf(llm) : null;
  };
  const makeAgents: PipelineDeps['makeAgents'] = overrides.agents
    ? () => overrides.agents!
    : (onUsage) => {
        const model = currentModel();
        return model ? new LlmAgents(model.create(), { model: model.name, onUsage }) : offline;
      };
  const searchPorts = new WeakMap<object, SearchPort | null>();
  const currentSearch = () => {
    const settings = providers.search();
    if (!searchPorts.has(settings)) searchPorts.set(settings, createSearchPort(settings));
    return searchPorts.get(settings) ?? null;
  };
  const images = overrides.images ? { port: overrides.images, close: async () => undefined } : createImages(config, providers, deps.logger);
  const embeddings = deps.embeddings ?? currentEmbeddings(providers);
  const pipeline: PipelineDeps = {
    db: deps.db,
    bus,
    makeAgents,
    get model() {
      return currentModel();
    },
    get pricing() {
      return providers.llm()?.pricing;
    },
    get search() {
      return currentSearch();
    },
    images: images.port,
    storage: deps.storage,
    logger: deps.logger,
    sectionConcurrency: config.generation.sectionConcurrency,
    readPages: config.search.readPages,
    knowledge: new KnowledgeRetriever({ db: deps.db, embeddings }),
    library: createLibraryRanker({ db: deps.db, embeddings, logger: deps.logger }),
    heartbeatMs: timing.heartbeatMs,
  };
  const runWorker = overrides.runWorker ?? true;
  const handler: TaskHandler | null = runWorker ? (task, signal) => executeTask(pipeline, task, signal) : null;
  const jobs = deps.jobs?.(bus) ?? {};
  const { concurrency } = config.generation;
  const queue: TaskQueue = redisUrl
    ? new BullMqTaskQueue({
        url: redisUrl,
        db: deps.db,
        handler,
        jobs,
        logger: deps.logger,
        concurrency,
        prefix: redisPrefix,
        requeueEveryMs: timing.requeueEveryMs,
        requeueAfterMs: timing.requeueAfterMs,
      })
    : new InProcessTaskRunner(deps.db, handler, deps.logger, concurrency, jobs, {
        // NOTE: the embedded database belongs to one process (its data directory's lock,
        // platform/db/dir-lock.ts), so a task still 'running' when this runner starts ran in a
        // process that is gone (killed, crashed): it is handed on now, as the sweeper would after
        // the stale window. On PostgreSQL other workers may share the database (--role=worker, or
        // a second --role=all), so there a task waits for its heartbeat to go stale.
        recoverAtStart: deps.databaseKind === 'pglite' ? () => sweepStaleTasks({ db: deps.db, bus, staleAfterMs: 0 }) : undefined,
      });
  return {
    bus,
    queue,
    pipeline,
    close: async () => {
      await queue.close();
      await bus.close();
      await images.close();
    },
  };
}
