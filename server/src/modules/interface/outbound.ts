import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { AppError } from '../../core/errors.js';

/** The answer is read up to this many bytes; the rest is never downloaded. */
export const MAX_ANSWER_BYTES = 1024 * 1024;
export const MAX_REDIRECTS = 3;

export interface OutboundRequest {
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  body: string | null;
  timeoutMs: number;
}

export interface OutboundResponse {
  status: number;
  contentType: string;
  body: Buffer;
  truncated: boolean;
}

/** The address a host may be reached at, or a refusal (AppError) from the address guard. */
export type AddressCheck = (host: string) => Promise<{ address: string; family: 4 | 6 }>;

/** Never sent, whatever is stored: the client sets them, or they only mean something for one hop. */
const FORBIDDEN_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
]);

export function parseOutboundUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('interface.badUrl', { url: text.slice(0, 200) });
  }
  // Only http(s): file:, gopher:, ftp:, data: ... would reach things an HTTP allow list does not describe.
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) {
    throw new AppError('interface.badUrl', { url: text.slice(0, 200) });
  }
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * One outbound call: every hop's host is checked by `check`, and the socket is pinned to the checked address (the
 * lookup hook answers it), so DNS cannot hand out a different address between the check and the connect. Redirects
 * are followed here, not by the client, so each hop is checked; at most MAX_REDIRECTS. The time-out covers the
 * whole call, redirects and address checks included.
 */
export async function sendOutbound(request: OutboundRequest, check: AddressCheck): Promise<OutboundResponse> {
  const deadline = Date.now() + request.timeoutMs;
  let url = parseOutboundUrl(request.url);
  let method = request.method;
  let body = request.body;
  let headers = request.headers.filter((h) => !FORBIDDEN_HEADERS.has(h.name.toLowerCase()) && !/[\r\n\0]/.test(h.value));
  for (let hop = 0; ; hop++) {
    const target = await withDeadline(check(bareHost(url)), deadline, request.timeoutMs);
    const answer = await once(url, method, headers, body, target, deadline, request.timeoutMs);
    if (!answer.location) return answer;
    if (hop >= MAX_REDIRECTS) throw new AppError('interface.tooManyRedirects', { max: MAX_REDIRECTS });
    let next: URL;
    try {
      next = new URL(answer.location, url);
    } catch {
      throw new AppError('interface.badUrl', { url: answer.location.slice(0, 200) });
    }
    next = parseOutboundUrl(next.toString());
    // Stored headers often carry credentials for the configured host; another origin must not receive them.
    if (next.origin !== url.origin) headers = headers.filter((h) => h.name.toLowerCase() === 'content-type');
    if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
      method = 'GET';
      body = null;
      headers = headers.filter((h) => h.name.toLowerCase() !== 'content-type');
    }
    url = next;
  }
}

async function withDeadline<T>(promise: Promise<T>, deadline: number, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('interface.timeout', { ms: timeoutMs })), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function once(
  url: URL,
  method: string,
  headers: { name: string; value: string }[],
  body: string | null,
  target: { address: string; family: 4 | 6 },
  deadline: number,
  timeoutMs: number,
): Promise<OutboundResponse & { location?: string }> {
  const host = bareHost(url);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const outgoing: Record<string, string> = {};
  for (const h of headers) outgoing[h.name] = h.value;
  const payload = body === null ? null : Buffer.from(body, 'utf8');
  if (payload) {
    if (!Object.keys(outgoing).some((n) => n.toLowerCase() === 'content-type')) outgoing['Content-Type'] = 'application/json; charset=utf-8';
    outgoing['Content-Length'] = String(payload.length);
  }
  const options: https.RequestOptions = {
    protocol: url.protocol,
    // An IP literal is connected to directly (no lookup); it was checked as such.
    hostname: net.isIP(host) ? target.address : host,
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    method,
    headers: outgoing,
    lookup: pinned,
    // No pooled sockets: a kept-alive socket could belong to an address checked for another call.
    agent: false,
    ...(url.protocol === 'https:' && !net.isIP(host) ? { servername: host } : {}),
  };
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, value?: OutboundResponse & { location?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value!);
    };
    const req = (url.protocol === 'https:' ? https : http).request(options, (res) => {
      const status = res.statusCode ?? 0;
      const location = REDIRECTS.has(status) ? res.headers.location : undefined;
      if (location) {
        res.destroy();
        finish(null, { status, contentType: '', body: Buffer.alloc(0), truncated: false, location });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (truncated: boolean) =>
        finish(null, { status, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks, size), truncated });
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = MAX_ANSWER_BYTES - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          done(true);
          res.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => done(false));
      res.on('error', (err) => finish(failure(err)));
      res.on('aborted', () => finish(failure(new Error('connection closed'))));
    });
    const timer = setTimeout(
      () => {
        finish(new AppError('interface.timeout', { ms: timeoutMs }));
        req.destroy();
      },
      Math.max(0, deadline - Date.now()),
    );
    req.on('error', (err) => finish(failure(err)));
    if (payload) req.end(payload);
    else req.end();
  });
}

function failure(error: Error & { code?: string }): AppError {
  return new AppError('interface.callFailed', { detail: [error.code, error.message].filter(Boolean).join(' ').slice(0, 300) });
}
