// Runs a TypeScript worker thread (workerData.entry) from the sources, as tsx and vitest do: Node 20
// does not apply a loader given with --import to a worker's entry module, so tsx is registered here.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
