/**
 * What an upload really is, from its first bytes (docs/files-design.md, Upload): the extension must be on the allow
 * list and the bytes must match it. Executables are refused whatever they are called. Pure: no I/O.
 */

/** Bytes the sniffer looks at; the upload pipeline holds no more than this before deciding. */
export const SNIFF_BYTES = 8192;

type Family = 'image' | 'pdf' | 'office' | 'text' | 'archive' | 'media';
type Check = (b: Uint8Array) => boolean;

interface Kind {
  family: Family;
  mime: string;
  matches: Check;
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
/** The bytes at offset equal these (numbers or an ASCII string). */
const at = (offset: number, expected: number[] | string): Check => {
  const bytes = typeof expected === 'string' ? ascii(expected) : expected;
  return (b) => b.length >= offset + bytes.length && bytes.every((v, i) => b[offset + i] === v);
};
const any =
  (...checks: Check[]): Check =>
  (b) =>
    checks.some((c) => c(b));
const all =
  (...checks: Check[]): Check =>
  (b) =>
    checks.every((c) => c(b));

const ZIP = any(at(0, [0x50, 0x4b, 0x03, 0x04]), at(0, [0x50, 0x4b, 0x05, 0x06]), at(0, [0x50, 0x4b, 0x07, 0x08]));
const OLE = at(0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const RIFF = (form: string) => all(at(0, 'RIFF'), at(8, form));
const FTYP = at(4, 'ftyp');
/** QuickTime files may start with other atoms than ftyp. */
const QUICKTIME = any(FTYP, at(4, 'moov'), at(4, 'mdat'), at(4, 'wide'), at(4, 'free'), at(4, 'skip'));
/** An ID3 tag or an MPEG audio frame sync. */
const MP3 = any(at(0, 'ID3'), (b) => b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0);
const PDF = (b: Uint8Array) => indexOf(b.subarray(0, 1024), ascii('%PDF-')) >= 0;

const TEXT_CHECK: Check = (b) => isText(b);
/** SVG is text with an <svg element near the start (after an XML declaration, comments or a doctype). */
const SVG: Check = (b) => isText(b) && /<svg[\s>]/i.test(decodeHead(b));

const KINDS: Record<string, Kind> = {
  '.png': { family: 'image', mime: 'image/png', matches: at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  '.jpg': { family: 'image', mime: 'image/jpeg', matches: at(0, [0xff, 0xd8, 0xff]) },
  '.jpeg': { family: 'image', mime: 'image/jpeg', matches: at(0, [0xff, 0xd8, 0xff]) },
  '.gif': { family: 'image', mime: 'image/gif', matches: any(at(0, 'GIF87a'), at(0, 'GIF89a')) },
  '.bmp': { family: 'image', mime: 'image/bmp', matches: at(0, 'BM') },
  '.webp': { family: 'image', mime: 'image/webp', matches: RIFF('WEBP') },
  '.ico': { family: 'image', mime: 'image/x-icon', matches: at(0, [0x00, 0x00, 0x01, 0x00]) },
  '.svg': { family: 'image', mime: 'image/svg+xml', matches: SVG },
  '.pdf': { family: 'pdf', mime: 'application/pdf', matches: PDF },
  '.docx': { family: 'office', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: ZIP },
  '.xlsx': { family: 'office', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: ZIP },
  '.pptx': { family: 'office', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', matches: ZIP },
  '.odt': { family: 'office', mime: 'application/vnd.oasis.opendocument.text', matches: ZIP },
  '.ods': { family: 'office', mime: 'application/vnd.oasis.opendocument.spreadsheet', matches: ZIP },
  '.odp': { family: 'office', mime: 'application/vnd.oasis.opendocument.presentation', matches: ZIP },
  '.doc': { family: 'office', mime: 'application/msword', matches: OLE },
  '.xls': { family: 'office', mime: 'application/vnd.ms-excel', matches: OLE },
  '.ppt': { family: 'office', mime: 'application/vnd.ms-powerpoint', matches: OLE },
  '.wps': { family: 'office', mime: 'application/vnd.ms-works', matches: OLE },
  '.et': { family: 'office', mime: 'application/vnd.ms-excel', matches: OLE },
  '.dps': { family: 'office', mime: 'application/vnd.ms-powerpoint', matches: OLE },
  '.rtf': { family: 'office', mime: 'application/rtf', matches: at(0, '{\\rtf') },
  '.txt': { family: 'text', mime: 'text/plain', matches: TEXT_CHECK },
  '.csv': { family: 'text', mime: 'text/csv', matches: TEXT_CHECK },
  '.md': { family: 'text', mime: 'text/markdown', matches: TEXT_CHECK },
  '.json': { family: 'text', mime: 'application/json', matches: TEXT_CHECK },
  '.xml': { family: 'text', mime: 'application/xml', matches: TEXT_CHECK },
  '.log': { family: 'text', mime: 'text/plain', matches: TEXT_CHECK },
  '.ini': { family: 'text', mime: 'text/plain', matches: TEXT_CHECK },
  '.yaml': { family: 'text', mime: 'application/yaml', matches: TEXT_CHECK },
  '.yml': { family: 'text', mime: 'application/yaml', matches: TEXT_CHECK },
  '.zip': { family: 'archive', mime: 'application/zip', matches: ZIP },
  '.rar': { family: 'archive', mime: 'application/vnd.rar', matches: at(0, 'Rar!\x1a\x07') },
  '.7z': { family: 'archive', mime: 'application/x-7z-compressed', matches: at(0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  '.gz': { family: 'archive', mime: 'application/gzip', matches: at(0, [0x1f, 0x8b]) },
  '.tar': { family: 'archive', mime: 'application/x-tar', matches: at(257, 'ustar') },
  '.mp4': { family: 'media', mime: 'video/mp4', matches: FTYP },
  '.m4a': { family: 'media', mime: 'audio/mp4', matches: FTYP },
  '.mov': { family: 'media', mime: 'video/quicktime', matches: QUICKTIME },
  '.mp3': { family: 'media', mime: 'audio/mpeg', matches: MP3 },
  '.wav': { family: 'media', mime: 'audio/wav', matches: RIFF('WAVE') },
  '.ogg': { family: 'media', mime: 'audio/ogg', matches: at(0, 'OggS') },
  '.webm': { family: 'media', mime: 'video/webm', matches: at(0, [0x1a, 0x45, 0xdf, 0xa3]) },
  '.avi': { family: 'media', mime: 'video/x-msvideo', matches: RIFF('AVI ') },
  '.flac': { family: 'media', mime: 'audio/flac', matches: at(0, 'fLaC') },
};

/** Programs, refused whatever the name says: Windows PE, ELF, Mach-O (thin and fat), shebang scripts. */
const EXECUTABLE = any(
  at(0, 'MZ'),
  at(0, [0x7f, 0x45, 0x4c, 0x46]),
  at(0, [0xfe, 0xed, 0xfa, 0xce]),
  at(0, [0xfe, 0xed, 0xfa, 0xcf]),
  at(0, [0xce, 0xfa, 0xed, 0xfe]),
  at(0, [0xcf, 0xfa, 0xed, 0xfe]),
  at(0, [0xca, 0xfe, 0xba, 0xbe]),
  at(0, '#!'),
);

/** The allowed extensions, for messages. */
export const ALLOWED_EXTENSIONS = Object.keys(KINDS);

/** `.pdf` from `报告.PDF`; '' when the name has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

export function isAllowedExtension(extension: string): boolean {
  return Object.hasOwn(KINDS, extension.toLowerCase());
}

export type SniffResult = { ok: true; mime: string } | { ok: false; reason: 'typeNotAllowed' | 'contentMismatch' };

/**
 * Decides from the extension and the first bytes (up to SNIFF_BYTES; fewer only when the file is that short).
 * The mime type returned is the one to store and serve; the client's Content-Type is never used.
 */
export function sniff(extension: string, head: Uint8Array): SniffResult {
  const kind = isAllowedExtension(extension) ? KINDS[extension.toLowerCase()] : undefined;
  if (!kind) return { ok: false, reason: 'typeNotAllowed' };
  if (EXECUTABLE(head) || !kind.matches(head)) return { ok: false, reason: 'contentMismatch' };
  return { ok: true, mime: kind.mime };
}

/**
 * The field config's `accept` narrowing: comma-separated extensions (".png,.jpg"), mime types ("application/pdf")
 * or patterns ("image/*"). Empty or absent accepts everything the allow list does.
 */
export function acceptAllows(accept: string | undefined, extension: string, mime: string): boolean {
  const tokens = (accept ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const ext = extension.toLowerCase();
  return tokens.some((token) => {
    if (token.startsWith('.')) return token === ext;
    if (token.endsWith('/*')) return mime.startsWith(token.slice(0, -1));
    if (token.includes('/')) return token === mime;
    return `.${token}` === ext; // "png" written without its dot
  });
}

/** Whether a stored mime type is of the image family (stamps accept images only). */
export function isImageMime(mime: string): boolean {
  return mime.startsWith('image/');
}

const TEXT_ENCODINGS = ['utf-8', 'gb18030'].filter((encoding) => {
  try {
    new TextDecoder(encoding);
    return true;
  } catch {
    return false; // Node built without full ICU: UTF-8 text only
  }
});

/**
 * Text: no NUL byte (UTF-16 and binaries have them) and decodable as UTF-8 or GB 18030 (files from Chinese Windows).
 * `stream: true` lets a multi-byte character cut at the end of the sniffed head pass.
 */
function isText(b: Uint8Array): boolean {
  if (b.includes(0)) return false;
  return TEXT_ENCODINGS.some((encoding) => {
    try {
      new TextDecoder(encoding, { fatal: true }).decode(b, { stream: true });
      return true;
    } catch {
      return false;
    }
  });
}

function decodeHead(b: Uint8Array): string {
  return new TextDecoder('utf-8').decode(b);
}

function indexOf(haystack: Uint8Array, needle: number[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
