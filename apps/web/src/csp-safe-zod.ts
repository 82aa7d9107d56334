import { config } from 'zod';

// NOTE: imported first by main.tsx, before any schema is defined. Zod compiles object parsers
// with `new Function` when it can, and probes for that when a schema is defined; under our
// Content-Security-Policy (no 'unsafe-eval') the probe is a reported violation. The interpreted
// parsers are fast enough for the forms of a browser.
config({ jitless: true });
