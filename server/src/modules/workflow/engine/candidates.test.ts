import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { userIds } from '../../../test/workflow-fixtures.js';
import { resolveCandidates, usersOfObjects } from './candidates.js';

let t: TestApp;
let ids: Record<string, string>;
let tenantId: string;
let deptOf: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await userIds(t);
  tenantId = (await t.deps.db.selectFrom('users').select('tenant_id').where('account', '=', 'admin').executeTakeFirstOrThrow()).tenant_id;
  const rows = await t.deps.db.selectFrom('user_departments').select(['user_id', 'department_id']).execute();
  deptOf = Object.fromEntries(rows.map((r) => [r.user_id, r.department_id]));
  // lisi manages zhangsan's department.
  await t.deps.db.updateTable('departments').set({ manager_id: ids.lisi! }).where('id', '=', deptOf[ids.zhangsan!]!).execute();
});
afterAll(() => t?.close());

const resolve = async (rules: Parameters<typeof resolveCandidates>[1], previousUserId: string | null = null, formValues: Record<string, unknown> = {}) =>
  (await resolveCandidates(t.deps.db, rules, { tenantId, starterId: ids.zhangsan!, previousUserId, formValues })).map((u) => u.id).sort();

describe('resolveCandidates', () => {
  it('users, the starter, the starter’s leader, the previous approver’s leader, a form field', async () => {
    expect(await resolve([{ type: 'user', ids: [ids.wangwu!, 'nobody'] }])).toEqual([ids.wangwu]);
    expect(await resolve([{ type: 'starter', ids: [] }])).toEqual([ids.zhangsan]);
    expect(await resolve([{ type: 'starterLeader', ids: [] }])).toEqual([ids.lisi]);
    expect(await resolve([{ type: 'previousLeader', ids: [] }], ids.zhangsan!)).toEqual([ids.lisi]);
    expect(await resolve([{ type: 'formField', ids: [], field: 'who' }], null, { who: `${ids.admin},${ids.wangwu}` })).toEqual([ids.admin, ids.wangwu].sort());
  });

  it('members of a department and of a role; disabled users dropped; circulation objects', async () => {
    const dept = deptOf[ids.zhangsan!]!;
    const members = Object.entries(deptOf)
      .filter(([, d]) => d === dept)
      .map(([u]) => u)
      .sort();
    expect(await resolve([{ type: 'department', ids: [dept] }])).toEqual(members);
    const role = (await t.deps.db.selectFrom('user_roles').select('role_id').where('user_id', '=', ids.lisi!).executeTakeFirstOrThrow()).role_id;
    expect(await resolve([{ type: 'role', ids: [role] }])).toContain(ids.lisi);
    await t.deps.db.updateTable('users').set({ enabled: false }).where('id', '=', ids.wangwu!).execute();
    expect(await resolve([{ type: 'user', ids: [ids.wangwu!] }])).toEqual([]);
    await t.deps.db.updateTable('users').set({ enabled: true }).where('id', '=', ids.wangwu!).execute();
    expect(
      (
        await usersOfObjects(t.deps.db, tenantId, [
          { F_ObjType: '3', F_ObjId: ids.admin! },
          { F_ObjType: '2', F_ObjId: role },
        ])
      ).sort(),
    ).toEqual(expect.arrayContaining([ids.admin, ids.lisi]));
  });
});
