import type { Envelope } from '@app/contracts';
import { successCodes } from '@app/contracts';
import i18n, { currentLanguage } from './i18n';
import { endSession, getToken } from './session';
import { navigateTo } from './navigation';
import { addErrorLog } from './error-log';
import { errorBehaviour, type ErrorBehaviour } from './error-behaviour';

/** Spec 9: request time-out. */
export const REQUEST_TIMEOUT_MS = 20_000;
export const API_BASE = '/api';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** Body code, or -1 for transport errors / time-outs. */
    readonly code: number,
    readonly status = 0,
    /** The envelope's stable message key (null for transport errors). */
    readonly key: string | null = null,
  ) {
    super(message);
  }

  /** What the screen does with it; branch on this (or on key), never on the message text. */
  get behaviour(): ErrorBehaviour {
    return errorBehaviour(this.key, this.code);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /** No error toast (token refresh). */
  silent?: boolean;
  /** Send the bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Sent with an action that must not run twice (a launch, an approval): the same key for every try of one intent. */
  idempotencyKey?: string;
}

/** A fresh Idempotency-Key (getRandomValues: randomUUID needs a secure context, and the app may run over plain http). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

type Toast = (text: string) => void;
let toast: Toast = (text) => {
  console.error(text);
};
/** The shell (and tests) choose how error toasts are shown. */
export function setErrorToast(fn: Toast): void {
  toast = fn;
}

let moduleId = '';
/** The moduleid of the current route's menu entry (sent as the ModuleId header). */
export function setCurrentModuleId(id: string): void {
  moduleId = id;
}

let signingOut = false;
function signOut(): void {
  if (signingOut) return;
  signingOut = true;
  endSession();
  navigateTo('/login', { replace: true });
  setTimeout(() => (signingOut = false), 0);
}

/** Section 8 message mapping. */
export function errorText(msg: string | null | undefined): string {
  if (!msg) return i18n.t('errors:unknown');
  if (msg === 'Task id is null') return i18n.t('errors:taskIdNull');
  return msg;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  let url = API_BASE + path;
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += (url.includes('?') ? '&' : '?') + s;
  }
  return url;
}

function fail(err: ApiError, path: string, silent?: boolean): never {
  if (!silent) toast(err.message);
  addErrorLog({ type: 'ajax', message: `${path}: ${err.message}`, info: `code ${err.code}, status ${err.status}` });
  throw err;
}

/** Headers every call carries (language, ModuleId, bearer token unless auth is false). */
export function baseHeaders(auth = true): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage() === 'en' ? 'en' : 'zh-CN',
  };
  if (moduleId) headers.ModuleId = moduleId;
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The one API client (spec section 8). Resolves the envelope's data. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers = baseHeaders(opts.auth !== false);
  // A FormData body is sent as multipart (the browser sets the boundary); anything else as JSON.
  const multipart = opts.body instanceof FormData;
  if (opts.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => controller.abort());

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : multipart ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    const text = timedOut ? i18n.t('errors:timeout') : i18n.t('errors:network');
    return fail(new ApiError(text, -1), path, opts.silent || (!timedOut && opts.signal?.aborted));
  }
  clearTimeout(timer);

  return settleEnvelope<T>(path, res.status, await res.json().catch(() => null), opts.silent);
}

/**
 * Section 8 rules for one answer (status + parsed JSON body): resolves data, or signs out on 10401, toasts
 * (unless silent) and throws ApiError. Exported so transports other than fetch (XHR uploads) behave the same.
 */
export function settleEnvelope<T>(path: string, status: number, raw: unknown, silent?: boolean): T {
  // HTTP 200..500 are answers; anything else is a transport failure.
  if (status < 200 || status > 500) {
    return fail(new ApiError(i18n.t('errors:http', { status }), -1, status), path, silent);
  }
  const body = raw as Partial<Envelope<T>> | null;
  const code = typeof body?.code === 'number' ? body.code : status < 300 ? 0 : -1;
  if (successCodes.includes(code)) return body?.data as T;
  const err = new ApiError(errorText(body?.msg), code, status, typeof body?.key === 'string' ? body.key : null);
  if (err.behaviour === 'signIn') {
    if (getToken()) signOut();
    return fail(err, path, silent || path.startsWith('/user/logout'));
  }
  return fail(err, path, silent);
}

/** The file name a Content-Disposition header gives (RFC 5987 `filename*` first), if any. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1].trim() : undefined;
}

/**
 * GET a file (an export, a template) with the caller's headers and save it under the server's file name, else
 * `fallbackName`. A JSON answer is an error envelope and goes the usual way (toast, ApiError). No time-out: an
 * export streams as long as rows keep coming.
 */
export async function downloadApiFile(path: string, query: RequestOptions['query'], fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { headers: { ...baseHeaders(), Accept: '*/*' } });
  } catch {
    return fail(new ApiError(i18n.t('errors:network'), -1), path);
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    settleEnvelope(path, res.status, await res.json().catch(() => null));
    // A success envelope where a file was expected is still no file.
    return fail(new ApiError(i18n.t('errors:unknown'), -1, res.status), path);
  }
  saveBlob(await res.blob(), dispositionFileName(res.headers.get('content-disposition')) ?? fallbackName);
}

/** Saves a blob as a file through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers start the save asynchronously; revoking at once can cancel it.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], o?: RequestOptions) => request<T>(path, { ...o, query }),
  post: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>(path, { ...o, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>(path, { ...o, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>(path, { ...o, method: 'PATCH', body: body ?? {} }),
  del: <T>(path: string, o?: RequestOptions) => request<T>(path, { ...o, method: 'DELETE' }),
};
