import type { CandidateRule } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { userIds } from '../../../test/workflow-fixtures.js';
import { leaderLevels, resolveCandidates, usersOfObjects } from './candidates.js';

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

/**
 * Leader levels and department heads over a department chain of their own: top ← mid ← low, with users made for
 * it (sort codes opposite to the level order, so a result in sort-code order would show).
 */
describe('starterLeader levels, departmentHead, starterChoice', () => {
  const chainUsers = ['staff', 'mgr1', 'mgr2', 'boss', 'other'] as const;
  type ChainUser = (typeof chainUsers)[number];
  const uid = (u: ChainUser) => `chain-${u}`;
  const dept = { low: 'chain-low', mid: 'chain-mid', top: 'chain-top' } as const;
  type Level = keyof typeof dept;

  beforeAll(async () => {
    const company = (await t.deps.db.selectFrom('departments').select('company_id').where('id', '=', deptOf[ids.zhangsan!]!).executeTakeFirstOrThrow())
      .company_id;
    await t.deps.db
      .insertInto('users')
      .values(chainUsers.map((u, i) => ({ id: uid(u), tenant_id: tenantId, account: `chain_${u}`, real_name: u, password_hash: 'x', sort_code: 100 - i })))
      .execute();
    await t.deps.db
      .insertInto('departments')
      .values([
        { id: dept.top, tenant_id: tenantId, company_id: company, parent_id: '0', full_name: 'top', nature: null, sort_code: 0 },
        { id: dept.mid, tenant_id: tenantId, company_id: company, parent_id: dept.top, full_name: 'mid', nature: null, sort_code: 0 },
        { id: dept.low, tenant_id: tenantId, company_id: company, parent_id: dept.mid, full_name: 'low', nature: null, sort_code: 0 },
      ])
      .execute();
    await t.deps.db
      .insertInto('user_departments')
      .values([
        { tenant_id: tenantId, user_id: uid('staff'), department_id: dept.low },
        { tenant_id: tenantId, user_id: uid('mgr1'), department_id: dept.low },
        { tenant_id: tenantId, user_id: uid('mgr2'), department_id: dept.mid },
        { tenant_id: tenantId, user_id: uid('boss'), department_id: dept.top },
      ])
      .execute();
  });

  const setManagers = async (managers: Partial<Record<Level, ChainUser | null>>) => {
    for (const level of Object.keys(dept) as Level[]) {
      const m = managers[level];
      await t.deps.db
        .updateTable('departments')
        .set({ manager_id: m ? uid(m) : null })
        .where('id', '=', dept[level])
        .execute();
    }
  };
  const chainResolve = async (rules: Parameters<typeof resolveCandidates>[1], starter: ChainUser, starterChoice?: string[]) =>
    (await resolveCandidates(t.deps.db, rules, { tenantId, starterId: uid(starter), previousUserId: null, formValues: {}, starterChoice })).map((u) => u.id);
  const full = { low: 'mgr1', mid: 'mgr2', top: 'boss' } as const;

  it.each([
    { name: 'level 1 (absent): the manager of the department', starter: 'staff', managers: full, level: undefined, expected: ['mgr1'] },
    { name: 'levels 1 to 3 in level order, not sort-code order', starter: 'staff', managers: full, level: 3, expected: ['mgr1', 'mgr2', 'boss'] },
    { name: 'more levels than the tree has: those there are', starter: 'staff', managers: full, level: 10, expected: ['mgr1', 'mgr2', 'boss'] },
    { name: 'the starter manages the department: level 1 is the parent’s manager', starter: 'mgr1', managers: full, level: undefined, expected: ['mgr2'] },
    { name: 'the starter is a manager, levels 1 to 2', starter: 'mgr1', managers: full, level: 2, expected: ['mgr2', 'boss'] },
    { name: 'a department without a manager passes its level up', starter: 'staff', managers: { ...full, mid: null }, level: 2, expected: ['mgr1', 'boss'] },
    { name: 'no manager anywhere: nobody', starter: 'staff', managers: { low: null, mid: null, top: null }, level: 3, expected: [] },
    { name: 'one manager of two levels counts once', starter: 'staff', managers: { ...full, mid: 'mgr1' }, level: 2, expected: ['mgr1', 'boss'] },
    { name: 'the starter managing an upper department is skipped too', starter: 'mgr1', managers: { ...full, mid: 'mgr1' }, level: 1, expected: ['boss'] },
  ] as const)('starterLeader: $name', async ({ starter, managers, level, expected }) => {
    await setManagers(managers);
    expect(await chainResolve([{ type: 'starterLeader', ids: [], level }], starter)).toEqual(expected.map(uid));
  });

  it('starterLeader: a disabled manager passes the level up', async () => {
    await setManagers(full);
    await t.deps.db.updateTable('users').set({ enabled: false }).where('id', '=', uid('mgr2')).execute();
    try {
      expect(await chainResolve([{ type: 'starterLeader', ids: [], level: 2 }], 'staff')).toEqual([uid('mgr1'), uid('boss')]);
    } finally {
      await t.deps.db.updateTable('users').set({ enabled: true }).where('id', '=', uid('mgr2')).execute();
    }
  });

  it('ordered rules keep their order, in rule order; the other rules come together by sort code, without repeats', async () => {
    await setManagers(full);
    const leaders: CandidateRule = { type: 'starterLeader', ids: [], level: 2 };
    const users: CandidateRule = { type: 'user', ids: [uid('other'), uid('boss'), uid('mgr1')] };
    expect(await chainResolve([leaders, users], 'staff')).toEqual(['mgr1', 'mgr2', 'other', 'boss'].map((u) => uid(u as ChainUser)));
    // Sort codes run opposite to the list above: other (96) before boss (97) before mgr1 (99).
    expect(await chainResolve([users, leaders], 'staff')).toEqual(['other', 'boss', 'mgr1', 'mgr2'].map((u) => uid(u as ChainUser)));
  });

  it('departmentHead: the managers of the departments, by sort code; a department without one adds nobody', async () => {
    await setManagers({ low: 'mgr1', mid: null, top: 'boss' });
    expect(await chainResolve([{ type: 'departmentHead', ids: [dept.low, dept.mid, dept.top] }], 'staff')).toEqual([uid('boss'), uid('mgr1')]);
    expect(await chainResolve([{ type: 'departmentHead', ids: ['no-such-department'] }], 'staff')).toEqual([]);
  });

  it('starterChoice: the chosen users in the order chosen, enabled ones only; nobody without a choice', async () => {
    const rule: CandidateRule[] = [{ type: 'starterChoice', ids: [] }];
    expect(await chainResolve(rule, 'staff', [uid('mgr1'), uid('boss'), 'nobody'])).toEqual([uid('mgr1'), uid('boss')]);
    expect(await chainResolve(rule, 'staff')).toEqual([]);
  });
});

describe('leaderLevels', () => {
  const m = (root: string, depth: number, id: string) => ({ root, depth, id, account: id, realName: id });
  it('merges the chains of several departments level by level, each chain skipping the starter and repeats', () => {
    const chains = [m('a', 0, 'a1'), m('a', 1, 'top'), m('b', 0, 'me'), m('b', 1, 'b2'), m('b', 2, 'top')];
    expect(leaderLevels(chains, 'me', 1).map((u) => u.id)).toEqual(['a1', 'b2']);
    expect(leaderLevels(chains, 'me', 2).map((u) => u.id)).toEqual(['a1', 'b2', 'top']);
  });
});
