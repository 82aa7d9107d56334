/** Build-stream events → what the progress bar shows (content-creation §7: `index/total` batches in the message). */

export interface BuildBatch {
  index: number;
  total: number;
}

export interface BuildProgress {
  /** 0–100. */
  percent: number;
  message: string;
  batch: BuildBatch | null;
}

/** One `data:` payload of GET /api/v1/temp_knowledge/build/stream/{sessionId}. */
export interface BuildStreamEvent {
  progress?: number;
  message?: string;
  status?: 'progress' | 'completed' | 'error' | 'warning' | (string & {});
}

/**
 * The last `index/total` pair in the text, e.g. 正在构建索引 3/10 → {3, 10}. Pairs that cannot be a
 * batch (total 0, index past total) are ignored, so dates such as 1/0 do not move the bar.
 */
export function parseBatch(message: string | undefined | null): BuildBatch | null {
  if (!message) return null;
  let found: BuildBatch | null = null;
  for (const match of message.matchAll(/(\d+)\s*\/\s*(\d+)/g)) {
    const index = Number(match[1]);
    const total = Number(match[2]);
    if (total > 0 && index <= total) found = { index, total };
  }
  return found;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/**
 * The event's own progress when it sent one, else the batch share; the bar never moves back during
 * one build (a warning or a batch-less message keeps the last value).
 */
export function nextBuildProgress(previous: BuildProgress | null, event: BuildStreamEvent): BuildProgress {
  const message = typeof event.message === 'string' && event.message.trim() ? event.message.trim() : (previous?.message ?? '');
  const batch = parseBatch(event.message);
  let percent: number | null = null;
  if (typeof event.progress === 'number' && Number.isFinite(event.progress)) percent = clampPercent(event.progress);
  else if (batch) percent = clampPercent((batch.index / batch.total) * 100);
  if (event.status === 'completed') percent = 100;
  const last = previous?.percent ?? 0;
  return { percent: Math.round(Math.max(last, percent ?? last)), message, batch: batch ?? null };
}

/** The bar's value when the build starts. */
export function startingBuildProgress(message = '正在准备构建...'): BuildProgress {
  return { percent: 0, message, batch: null };
}
