import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { fetchPage, formatTime } from '../../core/db/helpers.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The columns a rule's body sets. */
export interface CodeRuleValues {
  en_code: string;
  full_name: string;
  description: string;
  enabled: boolean;
  /** The parts as JSON text. */
  parts: string;
}

/** Code rules and their counters (one row per rule and period). */
export class CodeRuleRepository {
  constructor(readonly db: Kysely<Database>) {}

  private rules(tenantId: string) {
    return this.db
      .selectFrom('code_rules')
      .select(['id', 'en_code', 'full_name', 'description', 'enabled', 'parts', formatTime('created_at').as('created')])
      .where('tenant_id', '=', tenantId);
  }

  page(tenantId: string, f: { page: number; size: number; keyword?: string }) {
    let q = this.rules(tenantId);
    if (f.keyword) {
      const like = `%${f.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      q = q.where((eb) => eb.or([eb('en_code', 'ilike', like), eb('full_name', 'ilike', like)]));
    }
    return fetchPage(q.orderBy('created_at', 'desc').orderBy('id'), f);
  }

  enabledOptions(tenantId: string) {
    return this.db
      .selectFrom('code_rules')
      .select(['id', 'en_code', 'full_name'])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', true)
      .orderBy('en_code')
      .execute();
  }

  /** Whether another rule of the tenant has this code (case-insensitive). */
  async codeTaken(db: Executor, tenantId: string, code: string, exceptId?: string): Promise<boolean> {
    let q = db
      .selectFrom('code_rules')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(en_code)`, '=', code.toLowerCase());
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  }

  async insert(trx: Transaction<Database>, tenantId: string, id: string, values: CodeRuleValues): Promise<void> {
    await trx
      .insertInto('code_rules')
      .values({ id, tenant_id: tenantId, ...values })
      .execute();
  }

  /** Locks the rule; false when the tenant has none with this id. */
  async lock(trx: Transaction<Database>, tenantId: string, id: string): Promise<boolean> {
    return !!(await trx.selectFrom('code_rules').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst());
  }

  async update(trx: Transaction<Database>, id: string, values: CodeRuleValues): Promise<void> {
    await trx.updateTable('code_rules').set(values).where('id', '=', id).execute();
  }

  /** Deletes the rule (its counters go with it); false when the tenant has none with this id. */
  async remove(tenantId: string, id: string): Promise<boolean> {
    const res = await this.db.deleteFrom('code_rules').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** A rule by id or by code (case-insensitive), the id winning. */
  byKey(tenantId: string, key: string) {
    return this.db
      .selectFrom('code_rules')
      .select(['id', 'enabled', 'parts'])
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('id', '=', key), eb(sql`lower(en_code)`, '=', key.toLowerCase())]))
      .orderBy(sql`id = ${key}`, 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * The next value of the (rule, period) counter in ONE atomic upsert, so concurrent calls, from any number of
   * server processes, never get the same value.
   */
  async nextValue(ruleId: string, period: string, start: number, step: number): Promise<string> {
    const result = await sql<{ value: string }>`
      insert into code_rule_counters (rule_id, period, value) values (${ruleId}, ${period}, ${start})
      on conflict (rule_id, period) do update set value = code_rule_counters.value + ${step}
      returning value::text as value`.execute(this.db);
    return result.rows[0]!.value;
  }

  /** The code of the user's company, if the user has one. */
  async companyCode(tenantId: string, userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.company_id')
      .select('c.en_code')
      .where('u.tenant_id', '=', tenantId)
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row?.en_code;
  }

  /** The code of the user's first department (by sort order), if any. */
  async departmentCode(tenantId: string, userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('user_departments as ud')
      .innerJoin('departments as d', 'd.id', 'ud.department_id')
      .select('d.en_code')
      .where('ud.tenant_id', '=', tenantId)
      .where('ud.user_id', '=', userId)
      .orderBy('d.sort_code')
      .orderBy('d.id')
      .limit(1)
      .executeTakeFirst();
    return row?.en_code;
  }
}
