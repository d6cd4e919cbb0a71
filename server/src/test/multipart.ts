import { randomBytes } from 'node:crypto';

export type MultipartPart = { name: string; value: string } | { name: string; filename: string; content: Buffer | string; contentType?: string };

/**
 * A multipart/form-data body as a browser sends it (file names as raw UTF-8), for app.inject or a raw socket.
 * `multipartBody([{ name: 'file', filename: '报告.pdf', content }, { name: 'remark', value: '备注' }])`
 */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; headers: { 'content-type': string }; boundary: string } {
  const boundary = `----test${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const escape = (s: string) => s.replace(/"/g, '%22').replace(/\r|\n/g, ' ');
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${escape(part.name)}"; filename="${escape(part.filename)}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${escape(part.name)}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, boundary };
}
