import { sql, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Database } from './db/schema.js';
import { AppError } from './errors.js';

/** The header a client sends with an action it may send twice; one key per intent (a launch, an approval). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answered key is remembered. */
const KEEP_HOURS = 24;
const KEY_SHAPE = /^[A-Za-z0-9_-]{8,100}$/;

export interface IdempotencyScope {
  tenantId: string;
  userId: string;
  key: string;
  /** What the key was used for: a key reused for another action is refused rather than answered. */
  action: string;
}

/** The request's Idempotency-Key, checked for shape; none when the client sent none. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_SHAPE.test(key)) throw new AppError('error.badIdempotencyKey', {}, 400);
  return key;
}

/** Answers given again for a repeated key: counted once in the metrics, however often the client repeats. */
const replayedAnswers = new WeakSet<object>();

/** Whether this answer is a stored one given again for a repeated Idempotency-Key. */
export function isReplayedAnswer(result: unknown): boolean {
  return typeof result === 'object' && result !== null && replayedAnswers.has(result);
}

/**
 * Claims the key inside the action's transaction. The first claim inserts it and answers null (act); a repeat finds
 * it and answers the stored result. Two claims at once: the second waits on the primary key until the first
 * commits (then it finds the row) or rolls back (then it inserts and acts).
 */
export async function claimIdempotencyKey(trx: Transaction<Database>, scope: IdempotencyScope): Promise<{ result: unknown } | null> {
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({ tenant_id: scope.tenantId, user_id: scope.userId, key: scope.key, action: scope.action, result: null })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) {
    // The caller's old keys go with each new one: the table stays small without a job.
    await trx
      .deleteFrom('idempotency_keys')
      .where('tenant_id', '=', scope.tenantId)
      .where('user_id', '=', scope.userId)
      .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${KEEP_HOURS})`)
      .execute();
    return null;
  }
  const stored = await trx
    .selectFrom('idempotency_keys')
    .select(['action', 'result'])
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .executeTakeFirstOrThrow();
  if (stored.action !== scope.action) throw new AppError('error.idempotencyKeyReused', {}, 409);
  if (typeof stored.result === 'object' && stored.result !== null) replayedAnswers.add(stored.result);
  return { result: stored.result };
}

/** Stores the action's answer with its key, in the same transaction as the action. */
export async function storeIdempotentResult(trx: Transaction<Database>, scope: IdempotencyScope, result: unknown): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ result: JSON.stringify(result) })
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .execute();
}
