import type { Readable } from 'node:stream';
import type { ByteRange } from '../../core/file-storage.js';

/**
 * HTTP details of the signed byte route (docs/files-design.md, Serving), kept pure for unit tests.
 */

export type RangeRequest = { kind: 'whole' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * One range `bytes=a-b | a- | -n`. Several ranges or a malformed header are ignored (the whole file, as RFC 9110
 * allows); a range that cannot be met (start past the end, start > end, an empty suffix) is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end || !Number.isSafeInteger(start)) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end } };
}

const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp', 'image/x-icon']);
const TEXT_MIMES = new Set(['text/plain', 'text/csv', 'text/markdown', 'application/json', 'application/xml', 'application/yaml']);

/** SVG may carry scripts: shown inline only in a sandbox that runs nothing and loads nothing. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export interface Presentation {
  contentType: string;
  inline: boolean;
  csp: string | null;
}

/**
 * How stored bytes are presented: raster images, PDF, audio/video and text (always as text/plain) inline; SVG inline
 * under SVG_CSP; everything else (Office, archives, anything unknown) as a download. `download` forces a download.
 */
export function presentationOf(mime: string, download: boolean): Presentation {
  if (TEXT_MIMES.has(mime)) return { contentType: 'text/plain; charset=utf-8', inline: !download, csp: null };
  if (mime === 'image/svg+xml') return { contentType: mime, inline: !download, csp: download ? null : SVG_CSP };
  const inline = INLINE_IMAGES.has(mime) || mime === 'application/pdf' || mime.startsWith('audio/') || mime.startsWith('video/');
  return { contentType: inline ? mime : mime || 'application/octet-stream', inline: inline && !download, csp: null };
}

/** `inline; filename="_.pdf"; filename*=UTF-8''%E6%8A%A5.pdf`: an ASCII fallback for old clients, the real name in UTF-8. */
export function contentDisposition(fileName: string, inline: boolean): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** What the service found for a signed request. */
export type Served =
  | { kind: 'unsatisfiable'; size: number }
  | { kind: 'bytes'; stream: Readable; size: number; range: RangeRequest; presentation: Presentation; fileName: string };

/** Status, headers and body of the answer. Every answer says nosniff, whatever it carries. */
export function responseOf(served: Served): { status: 200 | 206 | 416; headers: Record<string, string>; body: Readable | undefined } {
  const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff', 'Accept-Ranges': 'bytes', 'Cache-Control': 'private, max-age=3600' };
  if (served.kind === 'unsatisfiable') return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${served.size}` }, body: undefined };
  const { presentation, range, size } = served;
  headers['Content-Type'] = presentation.contentType;
  headers['Content-Disposition'] = contentDisposition(served.fileName, presentation.inline);
  if (presentation.csp) headers['Content-Security-Policy'] = presentation.csp;
  if (range.kind !== 'range') return { status: 200, headers: { ...headers, 'Content-Length': String(size) }, body: served.stream };
  const { start, end } = range.range;
  return {
    status: 206,
    headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) },
    body: served.stream,
  };
}
