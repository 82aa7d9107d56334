/** Helpers the benches share. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type Config, loadConfig } from '../apps/server/src/config/env.js';

/** mulberry32: a small seeded generator, so that every run works on the same data. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}
export type Random = ReturnType<typeof random>;

/** The nearest-rank percentile `p` (0–100) of `values`, in any order; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * The fake LLM of bench/llm-fake.ts in a process of its own (its CPU does not count against the
 * server's), answering each call after `latencyMs`; it exits when this process ends.
 */
export function startLlmFakeProcess(latencyMs: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'llm-fake.ts')], {
    env: { ...process.env, BENCH_LLM_LATENCY_MS: String(latencyMs) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fake LLM exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ url: (JSON.parse(line) as { url: string }).url, child }));
  });
}

/**
 * A production configuration for a bench's in-process server: a fresh data directory named after
 * the bench, the dev outbox and sandbox payment allowed, a fixed secret, warnings only; `env` adds
 * or overrides (the fake LLM's address, DATABASE_URL: '' for the embedded database).
 */
export function benchConfig(name: string, env: Record<string, string>): { config: Config; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tianma-bench-${name}-`));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_DEV_OUTBOX: 'true',
    ALLOW_SANDBOX_PAYMENT: 'true',
    APP_SECRET: 'bench-secret-0123456789abcdef0123456789',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  });
  return { config, dataDir };
}
