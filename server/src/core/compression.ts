import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';

/**
 * Compresses answers of at least 1 KB for clients that accept it (brotli, then gzip): the JSON of large lists,
 * index.html, and any asset without a pre-compressed copy (the built assets have .br / .gz beside them, which
 * @fastify/static picks by Accept-Encoding, so they are not compressed again on every request).
 *
 * Kept out on purpose: text/event-stream (the push stream must flush each event; it is hijacked anyway),
 * octet-stream and every binary type (downloads, images, xlsx are already compressed or must keep their
 * Content-Length), and routes marked `config: { compress: false }` (the file route, whose Range answers must
 * be byte ranges of the stored file). Request bodies are not decompressed: a small gzip body could otherwise
 * expand past the body limit's intent.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|^application\/(?:javascript|xml)(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
    // Level 4 brotli: close to gzip's speed for on-the-fly JSON, smaller than gzip; the default (11) is for static files.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
