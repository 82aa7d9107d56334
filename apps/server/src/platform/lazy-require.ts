import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use, once. Heavy SDKs and parsers (the S3 client, SMS
 * vendors, canvas, DOM and Word libraries, jieba's dictionary) then cost memory only in the
 * processes that use them: an api process streaming progress never loads the card renderer.
 * Types come from `import type`, so call sites stay checked.
 */
export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(specifier) as T;
    return loaded;
  };
}
