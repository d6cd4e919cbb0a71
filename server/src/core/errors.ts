import { ErrorCode } from '@app/contracts';
import type { MessageKey, MessageParams } from './i18n/index.js';

const codeByStatus: Record<number, number> = {
  400: ErrorCode.badRequest,
  401: ErrorCode.unauthorized,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.badRequest,
  415: ErrorCode.badRequest,
  423: ErrorCode.locked,
  429: ErrorCode.tooManyRequests,
};

/** The one error every layer throws: a message key with its params, the HTTP status, and the envelope code. */
export class AppError extends Error {
  readonly code: number;
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly status = 400,
    /** Sent as the envelope's `data` (e.g. the element ids of an invalid workflow definition); null otherwise. */
    readonly data: unknown = null,
  ) {
    super(key);
    this.code = codeByStatus[status] ?? ErrorCode.internal;
  }
}

export const unauthorized = () => new AppError('error.unauthorized', {}, 401);
export const forbidden = (permission: string) => new AppError('error.forbidden', { permission }, 403);
export const notFound = (key: MessageKey, params: MessageParams = {}) => new AppError(key, params, 404);
