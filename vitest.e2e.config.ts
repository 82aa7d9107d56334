import { defineConfig } from 'vitest/config';

/** Browser tests: a real server (embedded defaults) driven by Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    reporters: ['default', './scripts/vitest-count-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time: a journey mostly waits (on pages, streams, the steps' playback), so a
    // second one fills those waits; the two servers and their users are shared, every journey
    // registers its own accounts.
    fileParallelism: true,
    maxWorkers: 2,
    // A page that loads a lazy chunk or refetches under CI's load can take seconds to show what a
    // poll waits for (Vitest's default is 1 s); the test timeout still bounds each journey.
    expect: { poll: { timeout: 15_000 } },
  },
});
