import type { StorageConfig } from '../../core/config.js';
import type { FileStorage } from '../../core/file-storage.js';
import { LocalDiskStorage } from './storage-local.js';
import { S3Storage } from './storage-s3.js';

/** The configured storage backend. */
export function createFileStorage(config: StorageConfig): FileStorage {
  if (config.driver === 'local') return new LocalDiskStorage(config.root);
  return new S3Storage(config);
}
