import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeRule, CodeRuleBody } from '@app/contracts';
import { buildApp, type BuiltApp } from '../../app.js';
import { testConfig } from '../../core/config.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { closeTestApp } from '../language/test-support.js';
import { CodeRuleService, formatDate, periodOf } from './code-rule.service.js';

let t: TestApp;
let admin: string;
let staff: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
});
afterAll(() => closeTestApp(t));

const today = formatDate('yyyyMMdd', new Date());

async function addRule(body: CodeRuleBody): Promise<string> {
  const res = await t.send('POST', '/api/code-rules', body, admin);
  expect(res.json().code).toBe(0);
  return res.json().data.id;
}
const gen = async (id: string, token = admin) => {
  const res = await t.get(`/api/code-rules/${id}/gen`, token);
  expect(res.json().code).toBe(0);
  return res.json().data as string;
};

describe('periods and dates (Asia/Shanghai)', () => {
  it('formats dates in Shanghai time', () => {
    // 2026-12-31 17:30 UTC is 2027-01-01 01:30 in Shanghai.
    const instant = new Date('2026-12-31T17:30:00Z');
    expect(formatDate('yyyyMMdd', instant)).toBe('20270101');
    expect(formatDate('yyMM', instant)).toBe('2701');
    expect(formatDate('yyyy-MM-dd', instant)).toBe('2027-01-01');
    expect(periodOf('day', instant)).toBe('20270101');
    expect(periodOf('month', instant)).toBe('202701');
    expect(periodOf('year', instant)).toBe('2027');
    expect(periodOf('never', instant)).toBe('-');
  });
});

describe('code rules', () => {
  let ruleId: string;

  it('adds, lists and shows a rule with an example', async () => {
    ruleId = await addRule({
      F_EnCode: 'Contract',
      F_FullName: '合同编号',
      parts: [
        { type: 'text', value: 'HT-' },
        { type: 'date', format: 'yyyyMMdd' },
        { type: 'text', value: '-' },
        { type: 'sequence', width: 4, reset: 'day' },
      ],
    });
    const page = (await t.get('/api/code-rules?keyword=contr', admin)).json().data;
    expect(page.Total).toBe(1);
    const rule = page.Rows[0] as CodeRule;
    expect(rule).toMatchObject({ F_Id: ruleId, F_EnCode: 'Contract', F_FullName: '合同编号', F_EnabledMark: 1, F_Description: '' });
    expect(rule.parts[3]).toEqual({ type: 'sequence', width: 4, start: 1, step: 1, reset: 'day' });
    expect(rule.example).toBe(`HT-${today}-0001`);
    expect((await t.get('/api/code-rules/list', staff)).json().data).toEqual([{ F_Id: ruleId, F_EnCode: 'Contract', F_FullName: '合同编号' }]);
  });

  it('generates consecutive numbers, by id or code', async () => {
    expect(await gen(ruleId)).toBe(`HT-${today}-0001`);
    expect(await gen(ruleId, staff)).toBe(`HT-${today}-0002`);
    expect(await gen('contract')).toBe(`HT-${today}-0003`);
  });

  it('steps, starts, company and department codes', async () => {
    const id = await addRule({
      F_EnCode: 'Dept',
      F_FullName: '部门编号',
      parts: [
        { type: 'company' },
        { type: 'text', value: '/' },
        { type: 'department' },
        { type: 'text', value: '/' },
        { type: 'sequence', width: 3, start: 10, step: 5 },
      ],
    });
    const company = await t.deps.db
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.company_id')
      .select('c.en_code')
      .where('u.account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const first = await gen(id);
    expect(first.startsWith(`${company.en_code}/`)).toBe(true);
    expect(first.endsWith('/010')).toBe(true);
    expect((await gen(id)).endsWith('/015')).toBe(true);
  });

  it('never duplicates a number with 50 concurrent calls', async () => {
    const id = await addRule({
      F_EnCode: 'Burst',
      F_FullName: '并发',
      parts: [
        { type: 'text', value: 'B' },
        { type: 'sequence', width: 5 },
      ],
    });
    const numbers = await Promise.all(Array.from({ length: 50 }, () => gen(id)));
    expect(new Set(numbers).size).toBe(50);
    expect([...numbers].sort()).toEqual(Array.from({ length: 50 }, (_, i) => `B${String(i + 1).padStart(5, '0')}`));
  });

  it('restarts the sequence in a new period', async () => {
    const service = new CodeRuleService(t.deps);
    const auth = { userId: 'admin', tenantId: 'default', sessionId: 's', account: 'admin' };
    const id = await addRule({
      F_EnCode: 'Daily',
      F_FullName: '按日',
      parts: [
        { type: 'date', format: 'yyMMdd' },
        { type: 'sequence', width: 3, reset: 'day' },
      ],
    });
    const monthly = await addRule({
      F_EnCode: 'Monthly',
      F_FullName: '按月',
      parts: [
        { type: 'date', format: 'yyyyMM' },
        { type: 'sequence', width: 2, reset: 'month' },
      ],
    });
    const yearly = await addRule({ F_EnCode: 'Yearly', F_FullName: '按年', parts: [{ type: 'sequence', width: 2, reset: 'year' }] });
    const never = await addRule({ F_EnCode: 'Never', F_FullName: '不重置', parts: [{ type: 'sequence', width: 2 }] });
    const day1 = new Date('2026-03-01T02:00:00Z');
    const day1Late = new Date('2026-03-01T15:59:00Z'); // 23:59 in Shanghai
    const day2 = new Date('2026-03-01T16:01:00Z'); // 00:01 on 2 March in Shanghai
    const nextYear = new Date('2027-01-05T02:00:00Z');
    expect(await service.generate(auth, id, day1)).toBe('260301001');
    expect(await service.generate(auth, id, day1Late)).toBe('260301002');
    expect(await service.generate(auth, id, day2)).toBe('260302001');
    expect(await service.generate(auth, id, day1)).toBe('260301003');
    expect(await service.generate(auth, monthly, day1)).toBe('20260301');
    expect(await service.generate(auth, monthly, day2)).toBe('20260302');
    expect(await service.generate(auth, monthly, new Date('2026-04-01T02:00:00Z'))).toBe('20260401');
    expect(await service.generate(auth, yearly, day1)).toBe('01');
    expect(await service.generate(auth, yearly, day2)).toBe('02');
    expect(await service.generate(auth, yearly, nextYear)).toBe('01');
    expect(await service.generate(auth, never, day1)).toBe('01');
    expect(await service.generate(auth, never, nextYear)).toBe('02');
  });

  it('updates a rule (counters stay) and rejects bad input', async () => {
    let res = await t.send(
      'PUT',
      `/api/code-rules/${ruleId}`,
      {
        F_EnCode: 'Contract',
        F_FullName: '合同号',
        parts: [
          { type: 'text', value: 'C' },
          { type: 'sequence', width: 2, reset: 'day' },
        ],
      },
      admin,
    );
    expect(res.json().code).toBe(0);
    expect(await gen(ruleId)).toBe('C04');
    res = await t.send('POST', '/api/code-rules', { F_EnCode: 'CONTRACT', F_FullName: 'x', parts: [{ type: 'text', value: 'x' }] }, admin);
    expect(res.statusCode).toBe(409);
    res = await t.send('PUT', `/api/code-rules/${ruleId}`, { F_EnCode: 'burst', F_FullName: 'x', parts: [{ type: 'text', value: 'x' }] }, admin);
    expect(res.statusCode).toBe(409);
    const bad = [
      { F_EnCode: 'A', F_FullName: 'x', parts: [] },
      { F_EnCode: 'A', F_FullName: 'x', parts: [{ type: 'nope' }] },
      { F_EnCode: 'A', F_FullName: 'x', parts: [{ type: 'date', format: 'dd/MM' }] },
      { F_EnCode: 'A', F_FullName: 'x', parts: [{ type: 'sequence', width: 0 }] },
      { F_EnCode: 'A', F_FullName: 'x', parts: [{ type: 'sequence', width: 3, reset: 'hour' }] },
      {
        F_EnCode: 'A',
        F_FullName: 'x',
        parts: [
          { type: 'sequence', width: 3 },
          { type: 'sequence', width: 3 },
        ],
      },
      { F_EnCode: '', F_FullName: 'x', parts: [{ type: 'text', value: 'x' }] },
      { F_EnCode: 'A', parts: [{ type: 'text', value: 'x' }] },
    ];
    for (const body of bad) expect((await t.send('POST', '/api/code-rules', body, admin)).statusCode).toBe(400);
  });

  it('a disabled rule does not generate and leaves the picker list', async () => {
    const id = await addRule({ F_EnCode: 'Off', F_FullName: '停用', F_EnabledMark: 0, parts: [{ type: 'sequence', width: 2 }] });
    expect((await t.get(`/api/code-rules/${id}/gen`, admin)).statusCode).toBe(400);
    expect((await t.get('/api/code-rules/list', admin)).json().data.map((r: { F_Id: string }) => r.F_Id)).not.toContain(id);
  });

  it('answers 404 for unknown rules and deletes with counters', async () => {
    expect((await t.get('/api/code-rules/nope/gen', admin)).statusCode).toBe(404);
    expect((await t.send('PUT', '/api/code-rules/nope', { F_EnCode: 'Nope', F_FullName: 'x', parts: [{ type: 'text', value: 'x' }] }, admin)).statusCode).toBe(
      404,
    );
    expect((await t.send('DELETE', '/api/code-rules/nope', undefined, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/code-rules/${ruleId}`, undefined, admin)).json().code).toBe(0);
    expect(await t.deps.db.selectFrom('code_rule_counters').select('period').where('rule_id', '=', ruleId).execute()).toEqual([]);
    expect((await t.get(`/api/code-rules/${ruleId}/gen`, admin)).statusCode).toBe(404);
  });

  it('needs the buttons to manage', async () => {
    const body = { F_EnCode: 'X', F_FullName: 'x', parts: [{ type: 'text', value: 'x' }] };
    for (const token of [staff, manager]) {
      expect((await t.get('/api/code-rules', token)).statusCode).toBe(403);
      expect((await t.send('POST', '/api/code-rules', body, token)).statusCode).toBe(403);
      expect((await t.send('PUT', '/api/code-rules/x', body, token)).statusCode).toBe(403);
      expect((await t.send('DELETE', '/api/code-rules/x', undefined, token)).statusCode).toBe(403);
    }
    expect((await t.get('/api/code-rules/list')).statusCode).toBe(401);
  });

  it("never shows, uses or changes another tenant's rules", async () => {
    const db = t.deps.db;
    await t.deps.db.insertInto('tenants').values({ id: 't2', code: 't2', name: 'Other' }).execute();
    await db
      .insertInto('code_rules')
      .values({ id: 'cr2', tenant_id: 't2', en_code: 'Secret', full_name: '机密', parts: JSON.stringify([{ type: 'sequence', width: 2 }]) })
      .execute();
    expect((await t.get('/api/code-rules/cr2/gen', admin)).statusCode).toBe(404);
    expect((await t.get('/api/code-rules/Secret/gen', admin)).statusCode).toBe(404);
    expect((await t.get('/api/code-rules?keyword=Secret', admin)).json().data.Total).toBe(0);
    expect((await t.get('/api/code-rules/list', admin)).json().data.map((r: { F_Id: string }) => r.F_Id)).not.toContain('cr2');
    expect((await t.send('PUT', '/api/code-rules/cr2', { F_EnCode: 'Secret', F_FullName: 'x', parts: [{ type: 'text', value: 'x' }] }, admin)).statusCode).toBe(
      404,
    );
    expect((await t.send('DELETE', '/api/code-rules/cr2', undefined, admin)).statusCode).toBe(404);
    // The same code is free in the demo tenant.
    await addRule({ F_EnCode: 'Secret', F_FullName: '本租户', parts: [{ type: 'text', value: 'x' }] });
    expect(await db.selectFrom('code_rules').select(['en_code', 'full_name']).where('tenant_id', '=', 't2').execute()).toEqual([
      { en_code: 'Secret', full_name: '机密' },
    ]);
    expect(await db.selectFrom('code_rule_counters').select('rule_id').where('rule_id', '=', 'cr2').execute()).toEqual([]);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two server processes on one PostgreSQL', () => {
  let second: BuiltApp;
  beforeAll(async () => {
    // A second app on the first app's database (same signing key, so the admin's token works on both).
    second = await buildApp(testConfig({ databaseUrl: t.deps.config.databaseUrl, jwtSecret: t.deps.config.jwtSecret }));
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    // Let its connections finish closing before the first app drops the database (drop ... with force).
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it('never duplicates a number with 50 concurrent calls spread over both', async () => {
    const id = await addRule({ F_EnCode: 'TwoApps', F_FullName: '两个进程', parts: [{ type: 'sequence', width: 4 }] });
    const apps = [t.app, second.app];
    const numbers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await apps[i % 2].inject({ method: 'GET', url: `/api/code-rules/${id}/gen`, headers: { authorization: `Bearer ${admin}` } });
        expect(res.json().code).toBe(0);
        return res.json().data as string;
      }),
    );
    expect(new Set(numbers).size).toBe(50);
    expect([...numbers].sort()).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 1).padStart(4, '0')));
  });
});
