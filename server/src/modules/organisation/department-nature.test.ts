import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { up as fillDemoNatures } from '../../db/migrations/20261127130100_department_nature.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const natures = () => t.deps.db.selectFrom('departments').select(['en_code', 'nature']).where('tenant_id', '=', 'default').orderBy('en_code').execute();

describe('部门性质 of the demo departments', () => {
  it('is seeded with a DepartmentNature value and shown by the department detail', async () => {
    const rows = await natures();
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.fromEntries(rows.map((r) => [r.en_code, r.nature]))).toMatchObject({
      GM: 'function',
      HR: 'function',
      FIN: 'function',
      TECH: 'business',
      RD1: 'business',
      PROD: 'business',
    });
    const tech = await t.deps.db
      .selectFrom('departments')
      .select('id')
      .where('tenant_id', '=', 'default')
      .where('en_code', '=', 'TECH')
      .executeTakeFirstOrThrow();
    const admin = await t.login('admin');
    expect((await t.get(`/api/departments/${tech.id}`, admin)).json().data.F_Nature).toBe('business');
  });

  it('is filled in databases seeded before, where it is still empty (a nature someone set stays)', async () => {
    await t.deps.db.updateTable('departments').set({ nature: null }).where('tenant_id', '=', 'default').execute();
    await t.deps.db.updateTable('departments').set({ nature: 'business' }).where('tenant_id', '=', 'default').where('en_code', '=', 'HR').execute();
    await fillDemoNatures(t.deps.db as unknown as Kysely<unknown>);
    expect(Object.fromEntries((await natures()).map((r) => [r.en_code, r.nature]))).toMatchObject({
      GM: 'function',
      HR: 'business',
      FIN: 'function',
      TECH: 'business',
      RD1: 'business',
      PROD: 'business',
    });
  });
});
