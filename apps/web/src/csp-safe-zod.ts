// NOTE: imported first by main.tsx, before any schema is defined. Zod compiles object parsers
// with `new Function` when it can, and probes for that when a schema is defined; under our
// Content-Security-Policy (no 'unsafe-eval') the probe is a reported violation. The interpreted
// parsers are fast enough for the forms of a browser.
//
// Zod keeps its configuration in `globalThis.__zod_globalConfig` and adopts the object already
// there when it loads; setting it here, instead of calling zod's `config()`, keeps zod out of the
// entry chunk (the schemas load with the pages and calls that use them). csp-safe-zod.test.ts
// checks that zod still reads it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
