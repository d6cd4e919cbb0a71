/**
 * The user list and the user picker with 100,000 users in 2,000 departments:
 * p95 of GET /api/users/page for every filter the screen offers and every data scope, the picker's
 * department tree and department user list, and the query plans (no sequential scan over users).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/src/core/db/schema.js';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';

const PASSWORD = 'Bench@123456';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const USERS = 100_000;
const DEPARTMENTS = 2_000;
const COMPANIES = 10;

export interface OrganisationFigures {
  lines: string[];
  seqScans: string[];
}

export async function organisationBench(label: string, databaseUrl: string | null): Promise<OrganisationFigures> {
  const lines: string[] = [];
  const seqScans: string[] = [];
  const dataDir = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'bench-org-'));
  let captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const built = await buildApp(
    testConfig({ dataDir, databaseUrl, adminPassword: PASSWORD, onQuery: (text, parameters) => captured.push({ sql: text, parameters }) }),
  );
  const { app, deps } = built;
  await app.ready();
  const db = deps.db;
  try {
    const started = performance.now();
    await generate(db);
    lines.push(`[${label}] generated ${USERS} users in ${DEPARTMENTS} departments in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const login = async (account: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { account, password: md5(PASSWORD), code: '' } });
      const body = res.json();
      if (body.code !== 0) throw new Error(`login ${account}: ${body.msg}`);
      return body.data.Token as string;
    };
    const admin = await login('admin');
    const scoped = await login('bench-scoped');

    const time = async (token: string, url: string, rounds = 30) => {
      const samples: number[] = [];
      let last: { code: number; data?: { Total?: number } } = { code: -1 };
      for (let i = 0; i < rounds + 3; i++) {
        captured = [];
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - t0;
        last = res.json();
        if (i >= 3) samples.push(ms);
      }
      if (last.code !== 0) throw new Error(`${url}: ${JSON.stringify(last).slice(0, 200)}`);
      samples.sort((a, b) => a - b);
      return { p50: samples[Math.floor(samples.length / 2)], p95: samples[Math.floor(samples.length * 0.95)], total: last.data?.Total, queries: captured };
    };

    const explain = async (name: string, queries: { sql: string; parameters: readonly unknown[] }[]) => {
      for (const q of queries) {
        if (!/\busers\b/.test(q.sql) || !/^select/i.test(q.sql.trim())) continue;
        const plan = await sql.raw<{ 'QUERY PLAN': string }>('explain ' + inline(q.sql, q.parameters)).execute(db);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        lines.push(`  plan (${name}):\n${text.replace(/^/gm, '    ')}`);
        if (/Seq Scan on users\b/.test(text)) seqScans.push(`${label} ${name}`);
      }
    };

    const department = 'bd1500';
    const company = 'bc3';
    const cases: [string, string][] = [
      ['no filter', '/api/users/page?limit=1&size=20'],
      ['page 200', '/api/users/page?limit=200&size=20'],
      ['keyword = account prefix', '/api/users/page?limit=1&size=20&keyword=user0123'],
      ['keyword = name prefix', '/api/users/page?limit=1&size=20&keyword=' + encodeURIComponent('王伟')],
      ['keyword = mobile', '/api/users/page?limit=1&size=20&keyword=13900012345'],
      ['company', `/api/users/page?limit=1&size=20&companyId=${company}`],
      ['department', `/api/users/page?limit=1&size=20&departmentId=${department}`],
      ['disabled only', '/api/users/page?limit=1&size=20&enabled=0'],
    ];
    for (const [name, url] of cases) {
      const r = await time(admin, url);
      lines.push(`[${label}] GET /api/users/page, ${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (target < 50), total ${r.total}`);
      await explain(name, r.queries);
    }
    const scopes: [string, number, string[]][] = [
      ['own', 1, []],
      ['own department', 2, []],
      ['department and below', 3, []],
      ['own company', 4, []],
      ['custom (20 departments)', 6, Array.from({ length: 20 }, (_, i) => `bd${i * 50 + 1}`)],
    ];
    for (const [name, scope, departmentIds] of scopes) {
      await db
        .updateTable('data_authorizes')
        .set({ scope, department_ids: JSON.stringify(departmentIds) })
        .where('id', '=', 'bench-scope')
        .execute();
      const r = await time(scoped, '/api/users/page?limit=1&size=20');
      lines.push(`[${label}] GET /api/users/page, data scope ${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (target < 50), total ${r.total}`);
      await explain(`scope ${name}`, r.queries);
    }
    const tree = await time(admin, '/api/companies/departments/tree', 10);
    lines.push(
      `[${label}] user picker: company/department tree (${DEPARTMENTS} departments): p50 ${tree.p50.toFixed(1)} ms, p95 ${tree.p95.toFixed(1)} ms (target < 100)`,
    );
    const members = await time(admin, `/api/departments/${department}/users?limit=1&size=20`);
    lines.push(
      `[${label}] user picker: department user list: p50 ${members.p50.toFixed(1)} ms, p95 ${members.p95.toFixed(1)} ms (target < 100), total ${members.total}`,
    );
    await explain('department users', members.queries);
  } finally {
    await app.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return { lines, seqScans };
}

/** Parameters written into the statement, for EXPLAIN (the values are the benchmark's own). */
function inline(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (Array.isArray(value)) return `array[${value.map((v) => `'${String(v).replace(/'/g, "''")}'`).join(',')}]`;
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

async function generate(db: Kysely<Database>) {
  const statements = [
    `insert into companies (id, tenant_id, parent_id, full_name, short_name, en_code, sort_code)
       select 'bc' || g, 'default', (select id from companies where tenant_id = 'default' and parent_id = '0' order by sort_code limit 1),
              '分公司' || g, '分' || g, 'BC' || g, 10 + g from generate_series(1, ${COMPANIES}) g`,
    // Department g belongs to company 1 + g % 10; departments above 200 hang under g - 200 (same company).
    `insert into departments (id, tenant_id, company_id, parent_id, full_name, en_code, sort_code)
       select 'bd' || g, 'default', 'bc' || (1 + g % ${COMPANIES}), case when g > 200 then 'bd' || (g - 200) else '0' end,
              '部门' || g, 'D' || g, g from generate_series(1, ${DEPARTMENTS}) g`,
    `insert into users (id, tenant_id, account, real_name, password_hash, mobile, gender, company_id, enabled, created_at)
       select 'bu' || g, 'default', 'user' || lpad(g::text, 6, '0'),
              (array['王','李','张','刘','陈','杨','赵','黄','周','吴'])[1 + g % 10] || (array['伟','芳','娜','敏','静','强','磊','军','洋','勇'])[1 + (g / 10) % 10] || g,
              'x', '139' || lpad(g::text, 8, '0'), g % 2, 'bc' || (1 + (1 + g % ${DEPARTMENTS}) % ${COMPANIES}), g % 20 <> 0,
              now() - make_interval(secs => g) from generate_series(1, ${USERS}) g`,
    `insert into user_departments (tenant_id, user_id, department_id)
       select 'default', 'bu' || g, 'bd' || (1 + g % ${DEPARTMENTS}) from generate_series(1, ${USERS}) g`,
    `insert into user_roles (tenant_id, user_id, role_id)
       select 'default', 'bu' || g, (select id from roles where tenant_id = 'default' and en_code = 'staff') from generate_series(1, ${USERS}) g`,
    // A user whose role lists users with a data scope (updated per case); in department bd1500.
    `insert into roles (id, tenant_id, full_name, en_code) values ('bench-role', 'default', '范围测试', 'bench')`,
    `insert into users (id, tenant_id, account, real_name, password_hash, company_id)
       select 'bench-scoped', 'default', 'bench-scoped', '范围测试员', password_hash, 'bc1' from users where id = 'admin'`,
    `insert into user_departments (tenant_id, user_id, department_id) values ('default', 'bench-scoped', 'bd1500')`,
    `insert into user_roles (tenant_id, user_id, role_id) values ('default', 'bench-scoped', 'bench-role')`,
    `insert into authorizes (id, tenant_id, object_type, object_id, item_type, item_id) values
       ('bench-a1', 'default', 1, 'bench-role', 1, 'organisation'), ('bench-a2', 'default', 1, 'bench-role', 1, 'organisation-user'),
       ('bench-a3', 'default', 1, 'bench-role', 2, 'organisation-user:list')`,
    `insert into data_authorizes (id, tenant_id, object_type, object_id, module_id, scope) values ('bench-scope', 'default', 1, 'bench-role', 'organisation-user', 1)`,
    // What autovacuum (PostgreSQL) and the maintenance timer (PGlite) do after bulk changes.
    `vacuum analyze`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
