import { Transform, pipeline, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../../core/config.js';
import type { ByteRange, FileStorage } from '../../core/file-storage.js';
import { assertStorageKey, assertStoragePrefix } from './storage-keys.js';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** 8 MB parts, at most 3 in flight: an upload holds about 24 MB whatever the file size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 3;

/**
 * An S3-compatible bucket (docs/files-design.md). Writes stream through `@aws-sdk/lib-storage`'s multipart upload,
 * which is aborted when the body fails, so a cut-off upload leaves no object and no dangling parts.
 */
export class S3Storage implements FileStorage {
  /** Public for tests, which watch the commands sent. */
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Many S3-compatible servers reject or ignore the SDK's default CRC32 trailers; checksums only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async write(key: string, body: Readable, contentType: string): Promise<number> {
    assertStorageKey(key);
    let bytes = 0;
    let bodyError: Error | undefined;
    // pipeline destroys the counter with the body's error (or a premature close), so the SDK's read fails and the
    // upload aborts instead of finishing with what has arrived so far.
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback(null, chunk);
      },
    });
    pipeline(body, counted, (error) => {
      if (error) bodyError = error;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      await upload.abort().catch(() => {});
      await this.remove(key).catch(() => {});
      throw bodyError ?? error;
    }
    if (bodyError) {
      await this.remove(key).catch(() => {});
      throw bodyError;
    }
    return bytes;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertStorageKey(key);
    const result = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    const body = result.Body as Readable;
    // A server that ignores the Range (s3rver does for `bytes=0-0`) answers the whole object: cut the range out here.
    if (range && !result.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) return body.pipe(sliceOf(range));
    return body;
  }

  async size(key: string): Promise<number | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removePrefix(prefix: string): Promise<void> {
    assertStoragePrefix(prefix);
    const Prefix = prefix.endsWith('/') ? prefix : `${prefix}/`;
    let token: string | undefined;
    do {
      // Each listing page (up to 1000 keys) is one DeleteObjects call, its limit.
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length) {
        const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        if (result.Errors?.length) throw new Error(`could not delete ${result.Errors.length} objects under ${Prefix}: ${result.Errors[0].Message}`);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
  return false;
}

/** The bytes start..end (inclusive) of a stream that carries the whole object. */
function sliceOf({ start, end }: ByteRange): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const from = Math.max(start - offset, 0);
      const to = Math.min(end + 1 - offset, chunk.length);
      offset += chunk.length;
      callback(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}
