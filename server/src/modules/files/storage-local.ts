import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { ByteRange, FileStorage } from '../../core/file-storage.js';
import { assertStorageKey, assertStoragePrefix } from './storage-keys.js';

/** Files on local disk under one root. A write goes to a temporary name and is renamed into place when complete. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`storage key leaves the root: ${key}`);
    return full;
  }

  async write(key: string, body: Readable, _contentType: string): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part-${randomBytes(6).toString('hex')}`;
    const out = createWriteStream(partial, { flags: 'wx' });
    try {
      await pipeline(body, out);
      await rename(partial, target);
      return out.bytesWritten;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file); // rejects with ENOENT before a stream is handed out
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    assertStoragePrefix(prefix);
    await rm(this.pathOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
  }
}
