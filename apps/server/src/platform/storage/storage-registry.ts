import path from 'node:path';
import type { Config } from '../../config/env.js';
import { LocalStorage } from './local-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3Storage } from './s3-storage.js';

/** The configured file storage: `DATA_DIR/files` by default, an S3-compatible bucket with STORAGE_DRIVER=s3. */
export function createStorage(config: Config): ObjectStorage {
  const settings = config.storage;
  if (settings.driver === 's3') return new S3Storage(settings);
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
