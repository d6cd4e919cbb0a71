import type { Readable } from 'node:stream';

/** Inclusive byte range, as HTTP Range gives it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded bytes live: local disk under DATA_DIR by default, or an S3-compatible bucket (docs/files-design.md).
 * Keys are made by the server only (`<tenantId>/<yyyy>/<mm>/<fileId>`), never from names the user typed;
 * implementations still refuse any key that is not of that shape.
 */
export interface FileStorage {
  /**
   * Stores the whole stream under key and resolves with the number of bytes written.
   * If the stream errors or is cut off, nothing remains under key and the promise rejects with that error.
   */
  write(key: string, body: Readable, contentType: string): Promise<number>;
  /** The bytes under key (or one range of them); rejects with a not-found error when absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Size in bytes, or null when absent. */
  size(key: string): Promise<number | null>;
  /** Removes the object; absent objects are not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with prefix (a tenant's files when the tenant is deleted). */
  removePrefix(prefix: string): Promise<void>;
}
