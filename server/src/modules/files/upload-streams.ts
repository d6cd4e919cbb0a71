import { Transform, type TransformCallback } from 'node:stream';
import { SNIFF_BYTES } from './sniff.js';

/**
 * Holds the first SNIFF_BYTES of an upload (never more than the chunks that make them up), asks `decide` what they
 * are, then lets everything through. `decide` throws to refuse; the stream then fails with that error.
 * `decision` settles once: with the mime type, or with the error that ended the stream first.
 */
export class SniffingStream extends Transform {
  mime: string | null = null;
  readonly decision: Promise<string>;
  private head: Buffer[] = [];
  private headBytes = 0;
  private settle!: { resolve: (mime: string) => void; reject: (error: Error) => void };

  constructor(private readonly decide: (head: Buffer) => string) {
    super();
    this.decision = new Promise<string>((resolve, reject) => (this.settle = { resolve, reject }));
    // Nobody may be waiting on the decision when the stream fails later (the write sees that error instead).
    this.decision.catch(() => {});
    this.once('error', (error) => this.settle.reject(error));
    this.once('close', () => this.settle.reject(new Error('upload stream closed before its type was known')));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.mime !== null) return callback(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return callback();
    this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.mime === null) this.release(callback);
    else callback();
  }

  private release(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    try {
      this.mime = this.decide(head.subarray(0, SNIFF_BYTES));
    } catch (error) {
      return callback(error as Error);
    }
    this.settle.resolve(this.mime);
    callback(null, head);
  }
}

/** Passes at most `max` bytes; byte max+1 fails the stream with `tooLarge()` (so nothing past the cap is stored). */
export function byteLimit(max: number, tooLarge: () => Error): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > max) return callback(tooLarge());
      callback(null, chunk);
    },
  });
}
