import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../../core/db/schema.js';

/** The transaction one engine action runs in. */
export type Trx = Transaction<Database>;

/** A transaction or the pool (reads outside an action: candidate look-ups, the timer poller). */
export type Db = Kysely<Database> | Transaction<Database>;
