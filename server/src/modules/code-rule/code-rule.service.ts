import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { CodeRule, CodeRuleOption, CodeRulePart, codeRuleBody, codeRuleQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { TIME_ZONE, fetchPage, formatTime, isUniqueViolation } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';
import { mark } from '../language/shared.js';
import type { Database } from '../../core/db/schema.js';

type Db = Kysely<Database>;
type SequencePart = Extract<CodeRulePart, { type: 'sequence' }>;

const dateParts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Year, month and day of an instant in Asia/Shanghai. */
export function shanghaiDate(now: Date): { yyyy: string; MM: string; dd: string } {
  const parts = Object.fromEntries(dateParts.formatToParts(now).map((p) => [p.type, p.value]));
  return { yyyy: parts.year, MM: parts.month, dd: parts.day };
}

export function formatDate(format: string, now: Date): string {
  const { yyyy, MM, dd } = shanghaiDate(now);
  return format.replace(/yyyy|yy|MM|dd/g, (token) => ({ yyyy, yy: yyyy.slice(2), MM, dd })[token] ?? token);
}

/** The counter's period: a new sequence starts when it changes. */
export function periodOf(reset: SequencePart['reset'], now: Date): string {
  if (reset === 'day') return formatDate('yyyyMMdd', now);
  if (reset === 'month') return formatDate('yyyyMM', now);
  if (reset === 'year') return formatDate('yyyy', now);
  return '-';
}

const pad = (value: string | number, width: number) => String(value).padStart(width, '0');

/** Code rules: parts joined into a number; the sequence is one counter row per rule and period. */
export class CodeRuleService {
  constructor(private readonly deps: AppDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  private rules(tenantId: string) {
    return this.db
      .selectFrom('code_rules')
      .select(['id', 'en_code', 'full_name', 'description', 'enabled', 'parts', formatTime('created_at').as('created')])
      .where('tenant_id', '=', tenantId);
  }

  private toRule(r: { id: string; en_code: string; full_name: string; description: string; enabled: boolean; parts: unknown[]; created: string }): CodeRule {
    const parts = r.parts as CodeRulePart[];
    return {
      F_Id: r.id,
      F_EnCode: r.en_code,
      F_FullName: r.full_name,
      F_Description: r.description,
      F_EnabledMark: mark(r.enabled),
      parts,
      example: render(parts, new Date(), (p) => pad(p.start, p.width), 'HQ', 'DEPT'),
      F_CreateDate: r.created,
    };
  }

  async page(auth: AuthContext, query: z.output<typeof codeRuleQuery>) {
    let q = this.rules(auth.tenantId);
    if (query.keyword) {
      const like = `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      q = q.where((eb) => eb.or([eb('en_code', 'ilike', like), eb('full_name', 'ilike', like)]));
    }
    const page = await fetchPage(q.orderBy('created_at', 'desc').orderBy('id'), { page: query.limit, size: query.size });
    return { Rows: page.Rows.map((r) => this.toRule(r)), Total: page.Total };
  }

  async options(auth: AuthContext): Promise<CodeRuleOption[]> {
    const rows = await this.db.selectFrom('code_rules').select(['id', 'en_code', 'full_name']).where('tenant_id', '=', auth.tenantId).where('enabled', '=', true).orderBy('en_code').execute();
    return rows.map((r) => ({ F_Id: r.id, F_EnCode: r.en_code, F_FullName: r.full_name }));
  }

  private async checkCode(db: Db, tenantId: string, code: string, selfId?: string): Promise<void> {
    let q = db.selectFrom('code_rules').select('id').where('tenant_id', '=', tenantId).where(sql`lower(en_code)`, '=', code.toLowerCase());
    if (selfId) q = q.where('id', '<>', selfId);
    if (await q.executeTakeFirst()) throw new AppError('codeRule.codeExists', { code }, 409);
  }

  async create(auth: AuthContext, body: z.output<typeof codeRuleBody>): Promise<string> {
    const id = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.checkCode(trx, auth.tenantId, body.F_EnCode);
        await trx
          .insertInto('code_rules')
          .values({ id, tenant_id: auth.tenantId, en_code: body.F_EnCode, full_name: body.F_FullName, description: body.F_Description, enabled: body.F_EnabledMark === 1, parts: JSON.stringify(body.parts) })
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('codeRule.codeExists', { code: body.F_EnCode }, 409);
      throw error;
    }
    return id;
  }

  async update(auth: AuthContext, id: string, body: z.output<typeof codeRuleBody>): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!(await trx.selectFrom('code_rules').select('id').where('tenant_id', '=', auth.tenantId).where('id', '=', id).forUpdate().executeTakeFirst())) throw notFound('codeRule.notFound');
        await this.checkCode(trx, auth.tenantId, body.F_EnCode, id);
        await trx
          .updateTable('code_rules')
          .set({ en_code: body.F_EnCode, full_name: body.F_FullName, description: body.F_Description, enabled: body.F_EnabledMark === 1, parts: JSON.stringify(body.parts) })
          .where('id', '=', id)
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('codeRule.codeExists', { code: body.F_EnCode }, 409);
      throw error;
    }
  }

  /** Deletes the rule and its counters. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const res = await this.db.deleteFrom('code_rules').where('tenant_id', '=', auth.tenantId).where('id', '=', id).executeTakeFirst();
    if (!res.numDeletedRows) throw notFound('codeRule.notFound');
  }

  /**
   * The next number of a rule (by id or code). The sequence comes from ONE atomic upsert of the (rule, period)
   * counter, so concurrent calls, from any number of server processes, never get the same value.
   */
  async generate(auth: AuthContext, key: string, now = new Date()): Promise<string> {
    const rule = await this.db
      .selectFrom('code_rules')
      .select(['id', 'enabled', 'parts'])
      .where('tenant_id', '=', auth.tenantId)
      .where((eb) => eb.or([eb('id', '=', key), eb(sql`lower(en_code)`, '=', key.toLowerCase())]))
      .orderBy(sql`id = ${key}`, 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!rule) throw notFound('codeRule.notFound');
    if (!rule.enabled) throw new AppError('codeRule.disabled', {}, 400);
    const parts = rule.parts as CodeRulePart[];
    const [company, department] = await Promise.all([
      parts.some((p) => p.type === 'company') ? this.companyCode(auth) : '',
      parts.some((p) => p.type === 'department') ? this.departmentCode(auth) : '',
    ]);
    const sequence = parts.find((p): p is SequencePart => p.type === 'sequence');
    let next = '';
    if (sequence) {
      const period = periodOf(sequence.reset, now);
      const result = await sql<{ value: string }>`
        insert into code_rule_counters (rule_id, period, value) values (${rule.id}, ${period}, ${sequence.start})
        on conflict (rule_id, period) do update set value = code_rule_counters.value + ${sequence.step}
        returning value::text as value`.execute(this.db);
      next = pad(result.rows[0].value, sequence.width);
    }
    return render(parts, now, () => next, company, department);
  }

  private async companyCode(auth: AuthContext): Promise<string> {
    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.company_id')
      .select('c.en_code')
      .where('u.tenant_id', '=', auth.tenantId)
      .where('u.id', '=', auth.userId)
      .executeTakeFirst();
    if (!row) throw new AppError('codeRule.noCompany', {}, 400);
    return row.en_code;
  }

  private async departmentCode(auth: AuthContext): Promise<string> {
    const row = await this.db
      .selectFrom('user_departments as ud')
      .innerJoin('departments as d', 'd.id', 'ud.department_id')
      .select('d.en_code')
      .where('ud.tenant_id', '=', auth.tenantId)
      .where('ud.user_id', '=', auth.userId)
      .orderBy('d.sort_code')
      .orderBy('d.id')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw new AppError('codeRule.noDepartment', {}, 400);
    return row.en_code;
  }
}

function render(parts: CodeRulePart[], now: Date, sequence: (p: SequencePart) => string, company: string, department: string): string {
  return parts
    .map((p) => {
      switch (p.type) {
        case 'text':
          return p.value;
        case 'date':
          return formatDate(p.format, now);
        case 'sequence':
          return sequence(p);
        case 'company':
          return company;
        case 'department':
          return department;
      }
    })
    .join('');
}
