import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * Deeper than anything the platform writes (a form scheme with tabs in rows in sub-tables is about 20 levels),
 * far shallower than what would overflow the stack in validation, JSON.stringify or the database driver.
 */
export const MAX_DEPTH = 100;

const NUL = '\u0000';

/**
 * Only what the parsers produce is walked: arrays and plain objects (whose prototype is Object.prototype, null, or,
 * for the router's params, an empty null-prototype object), never buffers, streams or other class instances.
 */
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * The first NUL character (PostgreSQL text cannot hold one, so the insert would fail) or nesting deeper than
 * MAX_DEPTH in a parsed value, as a 400 naming the field; null when the value is clean. Iterative with an explicit
 * stack, so a 100,000-deep value cannot overflow the stack here either.
 */
export function findBadInput(input: unknown, context: string): AppError | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: context, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return new AppError('error.nulCharacter', { field: path });
      continue;
    }
    if (!isContainer(value)) continue;
    // The path of a deep value is mostly "0.0.0…": the first three parts say where it is.
    if (depth >= MAX_DEPTH) return new AppError('error.tooDeep', { field: path.split('.').slice(0, 3).join('.'), max: MAX_DEPTH });
    for (const [key, child] of Object.entries(value)) {
      if (key.includes(NUL)) return new AppError('error.nulCharacter', { field: path });
      stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * One check on every request's input before any handler or validation sees it. Path parameters and the query
 * are checked on request (a route's own onRequest hook may already look them up); the body once it is parsed.
 * Registered after the sign-in check, so a caller without a token still gets 401.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const error = findBadInput(request.params, 'params') ?? findBadInput(request.query, 'querystring');
    if (error) throw error;
  });
  app.addHook('preValidation', async (request) => {
    const error = findBadInput(request.body, 'body');
    if (error) throw error;
  });
}
