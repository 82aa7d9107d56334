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
    fileParallelism: false,
  },
});
