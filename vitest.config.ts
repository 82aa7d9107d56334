import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The server suites wait on databases, child processes and timers more than on the CPU: two
    // workers even on a 2-core machine (Vitest's default there is one) cut the wall time by a third.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './scripts/vitest-count-reporter.ts'],
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // Each file gets its own database copy and app, so the modules themselves can be shared
          // between the files of a worker: loading the server's modules once per file was more than
          // half of this suite's time. No server test mocks a module; module-level counters in the
          // helpers must stay valid across files (helpers/accounts.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // A page test renders a whole page and its lazy chunks; with the server suites sharing two
          // cores, the 5 s default was met under load, not by a slow page (these are not timed tests).
          testTimeout: 15_000,
        },
      },
    ],
  },
});
