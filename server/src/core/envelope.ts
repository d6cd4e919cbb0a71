import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, type Envelope } from '@app/contracts';
import { AppError } from './errors.js';
import { catalogs, langOf, translate, type Lang, type MessageKey, type MessageParams } from './i18n/index.js';

/** A success answer: code 0, the data, and a translated message. */
export function ok<T>(request: FastifyRequest, data: T, key: MessageKey = 'common.ok', params?: MessageParams): Envelope<T> {
  return { code: ErrorCode.ok, success: true, data, msg: translate(langOf(request), key, params) };
}

/** A failure answer: the envelope code, the message in the caller's language and its stable key (clients branch on the key). */
export function failure(lang: Lang, code: number, key: MessageKey, params: MessageParams = {}, data: unknown = null): Envelope<unknown> {
  return { code, success: false, data, msg: translate(lang, key, params), key };
}

function fail(reply: FastifyReply, lang: Lang, status: number, code: number, key: MessageKey, params: MessageParams = {}, data: unknown = null) {
  return reply.status(status).send(failure(lang, code, key, params, data));
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: (string | number)[]; message?: string } };
}

/**
 * "body.account: Too small ..." — names the field so the user knows what to fix. A schema whose issue message is a
 * message key (e.g. clue.badPhone) is answered in the caller's language.
 */
function describeValidation(lang: Lang, context: string | undefined, issues: ValidationIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.params?.issue?.path?.join('.') ?? issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const where = [context, path].filter(Boolean).join('.');
      const message = issue.params?.issue?.message ?? issue.message ?? 'invalid';
      return `${where || 'request'}: ${Object.hasOwn(catalogs[lang], message) ? translate(lang, message as MessageKey) : message}`;
    })
    .join('; ');
}

/** The one place errors become envelopes. */
export function registerErrorHandling(app: FastifyInstance, onUnexpected: (request: FastifyRequest, error: Error) => void = () => {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = langOf(request);
    if (error instanceof AppError) {
      return fail(reply, lang, error.status, error.code, error.key, error.params, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = describeValidation(lang, error.validationContext, error.validation as ValidationIssue[]);
      return fail(reply, lang, 400, ErrorCode.badRequest, 'error.validation', { detail });
    }
    if (error.validation) {
      const detail = describeValidation(lang, error.validationContext, error.validation as ValidationIssue[]);
      return fail(reply, lang, 400, ErrorCode.badRequest, 'error.validation', { detail });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return fail(reply, lang, 413, ErrorCode.badRequest, 'error.bodyTooLarge');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return fail(reply, lang, 415, ErrorCode.badRequest, 'error.unsupportedMedia', { type: String(request.headers['content-type'] ?? '') });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return fail(reply, lang, 400, ErrorCode.badRequest, 'error.badJson');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return fail(reply, lang, error.statusCode, ErrorCode.badRequest, 'error.validation', { detail: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    } else {
      request.log.error({ err: error }, 'unexpected error');
    }
    try {
      onUnexpected(request, error);
    } catch (err) {
      request.log.warn({ err }, 'exception log not written');
    }
    return fail(reply, lang, 500, ErrorCode.internal, 'error.internal', { requestId: String(request.id) });
  });
}

export function notFoundEnvelope(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0];
  return fail(reply, langOf(request), 404, ErrorCode.notFound, 'error.notFound', { method: request.method, url });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (bad percent-encoding, a path
 * parameter longer than maxParamLength) gets the envelope too, not Fastify's own error body.
 */
export function frameworkErrorEnvelope(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const lang = langOf(request);
  if (error.code === 'FST_ERR_BAD_URL') void fail(reply, lang, 400, ErrorCode.badRequest, 'error.badUrl');
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void fail(reply, lang, 414, ErrorCode.badRequest, 'error.uriTooLong');
  else void fail(reply, lang, 400, ErrorCode.badRequest, 'error.badRequest');
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (a request line or headers over its 16 KB
 * limit, malformed HTTP, a timeout) never become a request object, so the envelope is written to the socket by
 * hand. The headers were not read, so the message is in the default language.
 */
export function clientErrorEnvelope(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key]: [number, MessageKey] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'error.headersTooLarge']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'error.requestTimeout']
        : [400, 'error.badRequest'];
  const body = JSON.stringify(failure('zh-CN', ErrorCode.badRequest, key));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
