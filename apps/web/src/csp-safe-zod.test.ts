import { describe, expect, it } from 'vitest';

describe('csp-safe-zod', () => {
  it('turns off zod’s compiled parsers through the global zod reads when it loads', async () => {
    await import('./csp-safe-zod');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
