import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import type { FileStorage } from '../../core/file-storage.js';
import { LocalDiskStorage } from './storage-local.js';
import { S3Storage } from './storage-s3.js';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** Every file under dir, recursively (relative paths). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Yields some bytes, then fails: a client cut off mid-upload. */
function failingStream(bytes: number): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.alloc(bytes, 1);
      await new Promise((r) => setTimeout(r, 10));
      throw new Error('connection lost');
    })(),
  );
}

interface Backend {
  name: string;
  setup(): Promise<{ storage: FileStorage; leftovers(): string[]; teardown(): Promise<void>; sent?: string[] }>;
  /** Bytes written before the failure: above one S3 part so a multipart upload is really started and aborted. */
  failAfter: number;
}

const backends: Backend[] = [
  {
    name: 'local disk',
    failAfter: 100_000,
    async setup() {
      const root = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
      return { storage: new LocalDiskStorage(root), leftovers: () => filesUnder(root), teardown: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3 (s3rver)',
    failAfter: 9 * 1024 * 1024,
    async setup() {
      const server: TestS3Server = await startS3Server();
      const storage = new S3Storage(server.config);
      const sent: string[] = [];
      storage.client.middlewareStack.add(
        (next, context) => (args) => {
          sent.push(String(context.commandName));
          return next(args);
        },
        { step: 'initialize' },
      );
      return {
        storage,
        // s3rver does not implement AbortMultipartUpload (it answers 405 and keeps the parts in `._S3rver_uploads`,
        // never as an object); real S3 drops them. So: no object anywhere, and the abort was really sent.
        leftovers: () => filesUnder(server.directory).filter((f) => !f.includes('._S3rver_uploads/')),
        sent,
        teardown: async () => {
          storage.destroy();
          await server.stop();
        },
      };
    },
  },
];

describe.each(backends)('$name storage', (backend) => {
  let storage: FileStorage;
  let leftovers: () => string[];
  let teardown: () => Promise<void>;
  let sent: string[] | undefined;
  beforeAll(async () => {
    ({ storage, leftovers, teardown, sent } = await backend.setup());
  });
  afterAll(() => teardown());

  it('writes, reads whole and by range, sizes and removes', async () => {
    const key = 't1/2026/11/a1';
    expect(await storage.write(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), 'text/plain')).toBe(11);
    expect(await storage.size(key)).toBe(11);
    expect(await text(await storage.read(key))).toBe('hello world');
    expect(await text(await storage.read(key, { start: 6, end: 10 }))).toBe('world');
    expect(await text(await storage.read(key, { start: 0, end: 0 }))).toBe('h');
    await storage.remove(key);
    expect(await storage.size(key)).toBeNull();
    await expect(storage.read(key)).rejects.toThrow();
    await storage.remove(key); // absent is not an error
  });

  it('writes a multi-part sized object (S3: three 8 MB parts) intact', async () => {
    const key = 't1/2026/11/big';
    const chunk = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < chunk.length; i++) chunk[i] = i % 251;
    const size = await storage.write(key, Readable.from(Array.from({ length: 20 }, () => chunk)), 'application/octet-stream');
    expect(size).toBe(20 * chunk.length);
    expect(await storage.size(key)).toBe(size);
    const tail = await storage.read(key, { start: size - 3, end: size - 1 });
    const bytes: Buffer[] = [];
    for await (const c of tail) bytes.push(c as Buffer);
    expect([...Buffer.concat(bytes)]).toEqual([...chunk.subarray(chunk.length - 3)]);
    await storage.remove(key);
  });

  it('removes everything under a prefix and nothing else', async () => {
    for (const key of ['t2/2026/11/a', 't2/2026/12/b', 't22/2026/11/c']) await storage.write(key, Readable.from([Buffer.from(key)]), 'text/plain');
    await storage.removePrefix('t2/');
    expect(await storage.size('t2/2026/11/a')).toBeNull();
    expect(await storage.size('t2/2026/12/b')).toBeNull();
    expect(await storage.size('t22/2026/11/c')).toBe(13);
    await storage.removePrefix('t22');
    expect(await storage.size('t22/2026/11/c')).toBeNull();
    await storage.removePrefix('nothing-here/');
  });

  it('a stream that fails mid-way leaves nothing behind', async () => {
    const key = 't3/2026/11/cut';
    await expect(storage.write(key, failingStream(backend.failAfter), 'application/octet-stream')).rejects.toThrow('connection lost');
    expect(await storage.size(key)).toBeNull();
    expect(leftovers()).toEqual([]);
    if (sent) expect(sent).toContain('AbortMultipartUploadCommand');
  });

  it('a stream destroyed without an error (premature close) leaves nothing either', async () => {
    const key = 't3/2026/11/closed';
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(1000, 2));
    setTimeout(() => body.destroy(), 20);
    await expect(storage.write(key, body, 'application/octet-stream')).rejects.toThrow();
    expect(await storage.size(key)).toBeNull();
    expect(leftovers()).toEqual([]);
  });

  it.each(['../x', '/etc/passwd', 'a/../../b', '%2e%2e/x', '', 'a/./b', 'a//b', 'a\\b', 'a/b/'])('refuses the key %j', async (key) => {
    await expect(storage.write(key, Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(storage.read(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.size(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.remove(key)).rejects.toThrow(/invalid storage key/);
  });

  it.each(['../', '/', '', '..', '%2e%2e/'])('refuses the prefix %j', async (prefix) => {
    await expect(storage.removePrefix(prefix)).rejects.toThrow(/invalid storage key/);
  });
});
