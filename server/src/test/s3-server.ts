import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { StorageConfig } from '../core/config.js';

export interface TestS3Server {
  config: Extract<StorageConfig, { driver: 's3' }>;
  /** Where s3rver keeps the bucket's objects (to prove nothing is left behind). */
  directory: string;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverOptions = { address: string; port: number; silent: boolean; directory: string; configureBuckets: { name: string; configs: never[] }[] };
// s3rver ships no type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

/** An S3-compatible server (s3rver) on a free loopback port with one empty bucket in a temporary directory. */
export async function startS3Server(bucket = 'test-files'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    config: {
      driver: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    directory,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
