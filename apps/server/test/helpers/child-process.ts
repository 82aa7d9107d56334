import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** One JSON object a child printed on a line of its stdout (pino log lines, fixture events). */
export type ChildLine = Record<string, unknown>;

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Every child a test started and has not seen exit: afterEach hooks kill what is left. */
export const runningChildren = new Set<LineChild>();

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A child process whose stdout carries one JSON object per line: tests wait for a line that
 * matches, and every failure message carries what the child printed, so a CI log explains itself.
 */
export class LineChild {
  readonly lines: ChildLine[] = [];
  readonly exited: Promise<ChildExit>;
  private stderr = '';
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    child.stderr!.on('data', (chunk) => {
      this.stderr = (this.stderr + String(chunk)).slice(-6000);
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        this.lines.push(JSON.parse(line) as ChildLine);
      } catch {
        this.stderr = `${this.stderr}\n[stdout] ${line}`.slice(-6000);
      }
      this.notify();
    });
    child.once('exit', () => this.notify());
  }

  /**
   * `node --import tsx <script> …args` with exactly `env` (nothing of the caller's shell leaks in
   * but PATH and HOME). `holdStdin`: the child's stdin stays open while this process lives (for
   * children that exit when it ends, such as bench/llm-fake.ts).
   */
  static start(name: string, script: string, options: { cwd: string; env: Record<string, string>; args?: string[]; holdStdin?: boolean }): LineChild {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...(options.args ?? [])], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...options.env },
      stdio: [options.holdStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const started = new LineChild(name, child);
    runningChildren.add(started);
    void started.exited.then(() => runningChildren.delete(started));
    return started;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The first line (already printed or still to come) that matches; fails clearly on timeout or exit. */
  waitFor(what: string, match: (line: ChildLine) => boolean, timeoutMs = 30_000): Promise<ChildLine> {
    return new Promise((resolve, reject) => {
      const done = (error: Error | null, line?: ChildLine) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        if (error) reject(error);
        else resolve(line!);
      };
      const check = () => {
        const found = this.lines.find(match);
        if (found) return done(null, found);
        if (!this.alive) done(new Error(`${this.name} exited (${this.child.exitCode ?? this.child.signalCode}) before ${what}\n${this.report()}`));
      };
      const timer = setTimeout(() => done(new Error(`${this.name}: no ${what} within ${timeoutMs} ms\n${this.report()}`)), timeoutMs);
      this.listeners.add(check);
      check();
    });
  }

  linesWhere(match: (line: ChildLine) => boolean): ChildLine[] {
    return this.lines.filter(match);
  }

  /** SIGKILL: no handler runs, no socket is closed politely, exactly as when a machine dies. */
  async kill(): Promise<ChildExit> {
    if (this.alive) this.child.kill('SIGKILL');
    return withTimeout(this.exited, 10_000, `${this.name} did not die on SIGKILL`);
  }

  /** SIGTERM, the way an orchestrator stops a process; SIGKILL if it has not exited after `graceMs`. */
  async stop(graceMs = 15_000): Promise<ChildExit> {
    if (!this.alive) return this.exited;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  report(): string {
    const tail = this.lines.slice(-30).map((line) => JSON.stringify(line));
    return `${this.name} stdout (last ${tail.length} lines):\n${tail.join('\n')}\nstderr: ${this.stderr}`;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
