import type { StorageConfig } from '../../core/config.js';
import type { FileStorage } from './storage.js';
import { LocalDiskStorage } from './storage-local.js';

/** The configured storage backend. */
export function createFileStorage(config: StorageConfig): FileStorage {
  if (config.driver === 'local') return new LocalDiskStorage(config.root);
  throw new Error('S3 storage is not built yet'); // replaced by the S3 backend (docs/files-design.md)
}
