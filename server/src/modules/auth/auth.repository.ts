import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { newId } from '../../core/ids.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * Two tabs may refresh with the same token at once: the loser sends the token the winner just replaced. Within this
 * many seconds that is a race, answered 401 without harm; later it is a copied token, and the session is revoked.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 60;

export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  findTenant(code: string) {
    const query = this.db.selectFrom('tenants').select(['id', 'code', 'name', 'enabled']);
    return (code ? query.where('code', '=', code) : query.where('is_default', '=', true)).executeTakeFirst();
  }

  /**
   * Serialises the sign-in attempts for one account name, known or not (an advisory lock, held to the end of the
   * transaction): concurrent wrong passwords are then counted one after another.
   */
  async lockAccountName(trx: Db, tenantId: string, account: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`login:${tenantId}:${account.toLowerCase()}`}))`.execute(trx);
  }

  findUserByAccount(trx: Db, tenantId: string, account: string) {
    return trx
      .selectFrom('users')
      .select(['id', 'account', 'password_hash', 'enabled'])
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(account)`, '=', account.toLowerCase())
      .executeTakeFirst();
  }

  /**
   * The sign-in log is the failure counter: wrong passwords (message auth.badCredentials) for this account name
   * from this address within the window and after the last success from there; newest first, at most `limit`,
   * each with the seconds until it leaves the window.
   */
  failuresFromSource(trx: Db, tenantId: string, account: string, ip: string, windowMinutes: number, limit: number) {
    const sameSource = (db: Db) =>
      db
        .selectFrom('login_logs')
        .where('tenant_id', '=', tenantId)
        .where(sql`lower(account)`, '=', account.toLowerCase())
        .where('ip', '=', ip)
        .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`);
    const lastSuccess = sameSource(trx)
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('success', '=', true);
    return sameSource(trx)
      .select(sql<number>`extract(epoch from (created_at + make_interval(mins => ${windowMinutes}) - now()))::int`.as('seconds_left'))
      .where('success', '=', false)
      .where('message', '=', 'auth.badCredentials')
      .where(sql<boolean>`created_at > coalesce((${lastSuccess}), '-infinity'::timestamptz)`)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Wrong passwords for this account name from every address within the window. */
  async accountFailures(tenantId: string, account: string, windowMinutes: number): Promise<number> {
    const row = await this.db
      .selectFrom('login_logs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(account)`, '=', account.toLowerCase())
      .where('success', '=', false)
      .where('message', '=', 'auth.badCredentials')
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findUserByMobile(trx: Db, tenantId: string, mobile: string) {
    return trx
      .selectFrom('users')
      .select(['id', 'account', 'enabled'])
      .where('tenant_id', '=', tenantId)
      .where('mobile', '=', mobile)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  async createSession(
    trx: Db,
    session: { id: string; tenantId: string; userId: string; refreshHash: string; seconds: number },
    client: ClientInfo,
  ): Promise<void> {
    await trx
      .insertInto('sessions')
      .values({
        id: session.id,
        tenant_id: session.tenantId,
        user_id: session.userId,
        refresh_hash: session.refreshHash,
        ip: client.ip,
        user_agent: client.userAgent.slice(0, 500),
        expires_at: sql<Date>`now() + make_interval(secs => ${session.seconds})`,
      })
      .execute();
  }

  /** A session usable for refresh: not revoked, not expired, user and tenant enabled. Locked for the rotation. */
  lockLiveSession(trx: Db, sessionId: string) {
    return trx
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('tenants as t', 't.id', 's.tenant_id')
      .select(['s.id', 's.user_id', 's.tenant_id', 's.refresh_hash', 's.previous_refresh_hash'])
      .select(sql<boolean>`s.refreshed_at < now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})`.as('past_grace'))
      .where('s.id', '=', sessionId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('u.enabled', '=', true)
      .where('t.enabled', '=', true)
      .forUpdate(['s'])
      .executeTakeFirst();
  }

  async rotateRefresh(trx: Db, sessionId: string, refreshHash: string): Promise<void> {
    await trx
      .updateTable('sessions')
      .set((eb) => ({
        previous_refresh_hash: eb.ref('refresh_hash'),
        refresh_hash: refreshHash,
        refreshed_at: sql<Date>`now()`,
        last_active_at: sql<Date>`now()`,
      }))
      .where('id', '=', sessionId)
      .execute();
  }

  async revokeSession(sessionId: string, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async recordLogin(
    trx: Db,
    entry: { tenantId: string; userId: string | null; account: string; success: boolean; message: string },
    client: ClientInfo,
  ): Promise<void> {
    await trx
      .insertInto('login_logs')
      .values({
        id: newId(),
        tenant_id: entry.tenantId,
        user_id: entry.userId,
        account: entry.account.slice(0, 64),
        ip: client.ip,
        success: entry.success,
        message: entry.message,
      })
      .execute();
  }

  /** Serialises code requests for one phone, so the once-a-minute rule holds under concurrent requests. */
  async lockPhone(trx: Db, tenantId: string, phone: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:${tenantId}:${phone}`}))`.execute(trx);
  }

  secondsSinceLastCode(trx: Db, tenantId: string, phone: string) {
    return trx
      .selectFrom('sms_codes')
      .select(sql<number>`extract(epoch from (now() - created_at))::int`.as('seconds'))
      .where('tenant_id', '=', tenantId)
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async insertCode(trx: Db, tenantId: string, phone: string, codeHash: string, seconds: number): Promise<void> {
    await trx
      .insertInto('sms_codes')
      .values({
        id: newId(),
        tenant_id: tenantId,
        phone,
        code_hash: codeHash,
        expires_at: sql<Date>`now() + make_interval(secs => ${seconds})`,
      })
      .execute();
  }

  lockLatestCode(trx: Db, tenantId: string, phone: string) {
    return trx
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('tenant_id', '=', tenantId)
      .where('phone', '=', phone)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  }

  async countCodeAttempt(trx: Db, codeId: string): Promise<void> {
    await trx
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', codeId)
      .execute();
  }

  async useCode(trx: Db, codeId: string): Promise<void> {
    await trx
      .updateTable('sms_codes')
      .set({ used_at: sql<Date>`now()` })
      .where('id', '=', codeId)
      .execute();
  }
}
