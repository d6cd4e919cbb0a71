import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES } from './sniff.js';
import { byteLimit, SniffingStream } from './upload-streams.js';

const collect = () => {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
};

describe('SniffingStream', () => {
  it('holds bytes until SNIFF_BYTES arrived, decides once, then passes everything through unchanged', async () => {
    const heads: number[] = [];
    const sniffer = new SniffingStream((head) => {
      heads.push(head.length);
      return 'text/plain';
    });
    let emitted = 0;
    sniffer.on('data', (c: Buffer) => (emitted += c.length));
    sniffer.write(Buffer.alloc(SNIFF_BYTES - 1, 1));
    await new Promise((r) => setImmediate(r));
    expect(emitted).toBe(0);
    expect(sniffer.mime).toBeNull();
    sniffer.write(Buffer.alloc(10, 2));
    expect(await sniffer.decision).toBe('text/plain');
    sniffer.end(Buffer.alloc(5, 3));
    await new Promise((r) => sniffer.once('end', r));
    expect(emitted).toBe(SNIFF_BYTES + 14);
    expect(heads).toEqual([SNIFF_BYTES]);
  });

  it('decides at the end for a short file and fails with the refusal', async () => {
    const ok = collect();
    const short = new SniffingStream((head) => `len/${head.length}`);
    await pipeline(Readable.from([Buffer.from('abc')]), short, ok.sink);
    expect(await short.decision).toBe('len/3');
    expect(ok.bytes().toString()).toBe('abc');

    const refused = new SniffingStream(() => {
      throw new Error('nope');
    });
    await expect(pipeline(Readable.from([Buffer.alloc(SNIFF_BYTES * 2)]), refused, collect().sink)).rejects.toThrow('nope');
    await expect(refused.decision).rejects.toThrow('nope');
  });
});

describe('byteLimit', () => {
  it('passes exactly max bytes and fails at max + 1', async () => {
    const ok = collect();
    await pipeline(
      Readable.from([Buffer.alloc(6), Buffer.alloc(4)]),
      byteLimit(10, () => new Error('too large')),
      ok.sink,
    );
    expect(ok.bytes().length).toBe(10);
    const over = collect();
    await expect(
      pipeline(
        Readable.from([Buffer.alloc(6), Buffer.alloc(5)]),
        byteLimit(10, () => new Error('too large')),
        over.sink,
      ),
    ).rejects.toThrow('too large');
    expect(over.bytes().length).toBe(6);
  });
});
