import type { TimerApi } from './tracking-types';

const globalTimers: TimerApi = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Named one-shot timers: scheduling a name again replaces its pending timer. */
export class TimerSlots {
  private readonly handles = new Map<string, unknown>();

  constructor(private readonly api: TimerApi = globalTimers) {}

  schedule(name: string, ms: number, callback: () => void): void {
    this.cancel(name);
    const handle = this.api.setTimeout(() => {
      if (this.handles.get(name) === handle) this.handles.delete(name);
      callback();
    }, ms);
    this.handles.set(name, handle);
  }

  has(name: string): boolean {
    return this.handles.has(name);
  }

  cancel(...names: string[]): void {
    for (const name of names) {
      if (!this.handles.has(name)) continue;
      this.api.clearTimeout(this.handles.get(name));
      this.handles.delete(name);
    }
  }

  cancelAll(): void {
    this.cancel(...this.handles.keys());
  }
}
