import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { CodeRule, CodeRuleOption, CodeRulePart, codeRuleBody, codeRuleQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { TIME_ZONE, refusingDuplicates } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';
import { mark } from '../language/shared.js';
import type { Database } from '../../core/db/schema.js';
import { CodeRuleRepository, type CodeRuleValues } from './code-rule.repository.js';

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
  private readonly repo: CodeRuleRepository;

  constructor(deps: AppDeps) {
    this.repo = new CodeRuleRepository(deps.db);
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
    const page = await this.repo.page(auth.tenantId, { page: query.limit, size: query.size, keyword: query.keyword || undefined });
    return { Rows: page.Rows.map((r) => this.toRule(r)), Total: page.Total };
  }

  async options(auth: AuthContext): Promise<CodeRuleOption[]> {
    const rows = await this.repo.enabledOptions(auth.tenantId);
    return rows.map((r) => ({ F_Id: r.id, F_EnCode: r.en_code, F_FullName: r.full_name }));
  }

  private async checkCode(trx: Transaction<Database>, tenantId: string, code: string, selfId?: string): Promise<void> {
    if (await this.repo.codeTaken(trx, tenantId, code, selfId)) throw new AppError('codeRule.codeExists', { code }, 409);
  }

  async create(auth: AuthContext, body: z.output<typeof codeRuleBody>): Promise<string> {
    const id = newId();
    await refusingDuplicates(
      async () => {
        await this.repo.db.transaction().execute(async (trx) => {
          await this.checkCode(trx, auth.tenantId, body.F_EnCode);
          await this.repo.insert(trx, auth.tenantId, id, values(body));
        });
      },
      () => new AppError('codeRule.codeExists', { code: body.F_EnCode }, 409),
    );
    return id;
  }

  async update(auth: AuthContext, id: string, body: z.output<typeof codeRuleBody>): Promise<void> {
    await refusingDuplicates(
      async () => {
        await this.repo.db.transaction().execute(async (trx) => {
          if (!(await this.repo.lock(trx, auth.tenantId, id))) throw notFound('codeRule.notFound');
          await this.checkCode(trx, auth.tenantId, body.F_EnCode, id);
          await this.repo.update(trx, id, values(body));
        });
      },
      () => new AppError('codeRule.codeExists', { code: body.F_EnCode }, 409),
    );
  }

  /** Deletes the rule and its counters. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.remove(auth.tenantId, id))) throw notFound('codeRule.notFound');
  }

  /**
   * The next number of a rule (by id or code). The sequence comes from ONE atomic upsert of the (rule, period)
   * counter, so concurrent calls, from any number of server processes, never get the same value.
   */
  async generate(auth: AuthContext, key: string, now = new Date()): Promise<string> {
    const rule = await this.repo.byKey(auth.tenantId, key);
    if (!rule) throw notFound('codeRule.notFound');
    if (!rule.enabled) throw new AppError('codeRule.disabled', {}, 400);
    const parts = rule.parts as CodeRulePart[];
    const [company, department] = await Promise.all([
      parts.some((p) => p.type === 'company') ? this.companyCode(auth) : '',
      parts.some((p) => p.type === 'department') ? this.departmentCode(auth) : '',
    ]);
    const sequence = parts.find((p): p is SequencePart => p.type === 'sequence');
    let next = '';
    if (sequence) next = pad(await this.repo.nextValue(rule.id, periodOf(sequence.reset, now), sequence.start, sequence.step), sequence.width);
    return render(parts, now, () => next, company, department);
  }

  private async companyCode(auth: AuthContext): Promise<string> {
    const code = await this.repo.companyCode(auth.tenantId, auth.userId);
    if (code === undefined) throw new AppError('codeRule.noCompany', {}, 400);
    return code;
  }

  private async departmentCode(auth: AuthContext): Promise<string> {
    const code = await this.repo.departmentCode(auth.tenantId, auth.userId);
    if (code === undefined) throw new AppError('codeRule.noDepartment', {}, 400);
    return code;
  }
}

function values(body: z.output<typeof codeRuleBody>): CodeRuleValues {
  return {
    en_code: body.F_EnCode,
    full_name: body.F_FullName,
    description: body.F_Description,
    enabled: body.F_EnabledMark === 1,
    parts: JSON.stringify(body.parts),
  };
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
