const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A data URL's bytes when it is `data:image/png;base64,…`, otherwise null. */
export function decodePngDataUrl(text: string): Buffer | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=\s]*)$/i.exec(text.trim());
  if (!match) return null;
  return Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64');
}

/** Width and height from a PNG's IHDR chunk (the first chunk, right after the signature), or null. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The byte length a base64 payload decodes to, without decoding (to refuse an oversize one cheaply). */
export function base64Length(text: string): number {
  const clean = text.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}
