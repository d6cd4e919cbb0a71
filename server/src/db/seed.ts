import { sql, type Kysely } from 'kysely';
import type { Database } from '../core/db/schema.js';
import { newId } from '../core/ids.js';
import { hashPassword, md5Hex } from '../core/auth/password.js';
import { ADMIN_ROLE_CODE, allModuleItems, grantToRole } from './module-catalog.js';
import { insertDemoDictionaries } from '../modules/dictionary/demo-data.js';
import { insertDefaultLanguages } from '../modules/language/default-languages.js';
import { oaReaderItems } from './migrations/20261123021100_oa_menu.js';
import { fileManagerItems } from './migrations/20261123030100_files_menu.js';
import { workflowUserItems } from './migrations/20261124150100_workflow_menu.js';

export const DEFAULT_TENANT_ID = 'default';
export const DEFAULT_TENANT_CODE = 'default';

export interface DemoAccount {
  account: string;
  realName: string;
  role: string;
}

/** The demo accounts created on first start; they all share the initial password. */
export const demoAccounts: DemoAccount[] = [
  { account: 'admin', realName: '系统管理员', role: ADMIN_ROLE_CODE },
  { account: 'lisi', realName: '李四', role: 'manager' },
  { account: 'zhangsan', realName: '张三', role: 'staff' },
  { account: 'wangwu', realName: '王五', role: 'staff' },
];

/** Menu entries each demo role gets; the administrator gets everything. */
const roleModules: Record<string, string[]> = {
  staff: ['personal', 'personal-info', 'personal-setting', 'personal-desktop'],
  manager: ['personal', 'personal-info', 'personal-setting', 'personal-desktop', 'system', 'system-online-user'],
};
const roleButtons: Record<string, string[]> = {
  staff: [],
  manager: ['system-online-user:list'],
};

/**
 * On an empty database (the first start), creates the demo tenant with its organisation, roles and accounts
 * in one transaction and answers true. Several processes starting together on one PostgreSQL seed once:
 * the check runs under a transaction-scoped advisory lock.
 */
export async function seedDemoDataIfEmpty(db: Kysely<Database>, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(md5Hex(password));
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('seed-demo-data'))`.execute(trx);
    if (await trx.selectFrom('tenants').select('id').limit(1).executeTakeFirst()) return false;
    const tenantId = DEFAULT_TENANT_ID;
    await trx.insertInto('tenants').values({ id: tenantId, code: DEFAULT_TENANT_CODE, name: '演示企业', is_default: true }).execute();

    const hq = newId();
    const branch = newId();
    await trx
      .insertInto('companies')
      .values([
        { id: hq, tenant_id: tenantId, full_name: '演示集团有限公司', short_name: '演示集团', en_code: 'HQ', nature: 'group', sort_code: 0 },
        { id: branch, tenant_id: tenantId, parent_id: hq, full_name: '华东分公司', short_name: '华东', en_code: 'EAST', nature: 'branch', sort_code: 1 },
      ])
      .execute();

    // nature: a DepartmentNature dictionary value (function 职能部门, business 业务部门).
    const dept = (fullName: string, enCode: string, companyId: string, sort: number, nature: string, parentId = '0') => ({
      id: newId(),
      tenant_id: tenantId,
      company_id: companyId,
      parent_id: parentId,
      full_name: fullName,
      en_code: enCode,
      sort_code: sort,
      nature,
    });
    const office = dept('总经办', 'GM', hq, 0, 'function');
    const hr = dept('人力资源部', 'HR', hq, 1, 'function');
    const finance = dept('财务部', 'FIN', hq, 2, 'function');
    const tech = dept('技术部', 'TECH', hq, 3, 'business');
    const rnd = dept('研发一组', 'RD1', hq, 0, 'business', tech.id);
    const production = dept('生产部', 'PROD', branch, 0, 'business');
    await trx.insertInto('departments').values([office, hr, finance, tech, rnd, production]).execute();

    const post = (name: string, enCode: string, departmentId: string | null) => ({
      id: newId(),
      tenant_id: tenantId,
      company_id: hq,
      department_id: departmentId,
      name,
      en_code: enCode,
    });
    const posts = [post('总经理', 'GM', office.id), post('部门经理', 'MGR', null), post('会计', 'ACC', finance.id), post('工程师', 'ENG', tech.id)];
    await trx.insertInto('posts').values(posts).execute();

    const roles = [
      { id: newId(), tenant_id: tenantId, full_name: '系统管理员', en_code: ADMIN_ROLE_CODE, description: '拥有全部菜单与按钮', sort_code: 0 },
      { id: newId(), tenant_id: tenantId, full_name: '部门经理', en_code: 'manager', description: '个人中心与在线用户查询', sort_code: 1 },
      { id: newId(), tenant_id: tenantId, full_name: '普通员工', en_code: 'staff', description: '个人中心', sort_code: 2 },
    ];
    await trx.insertInto('roles').values(roles).execute();
    const roleId = (code: string) => roles.find((r) => r.en_code === code)!.id;

    await grantToRole(trx, tenantId, roleId(ADMIN_ROLE_CODE), await allModuleItems(trx));
    for (const code of ['staff', 'manager']) {
      await grantToRole(trx, tenantId, roleId(code), [
        ...roleModules[code].map((id) => ({ type: 1, id })),
        ...roleButtons[code].map((id) => ({ type: 2, id })),
        // Office automation: staff and managers read news and notices and keep their own schedule.
        ...oaReaderItems,
        // Everyone keeps their own files.
        ...fileManagerItems,
        // Everyone launches processes, handles their tasks and keeps their own delegations.
        ...workflowUserItems,
      ]);
    }

    const departmentOf: Record<string, string> = { admin: office.id, lisi: tech.id, zhangsan: rnd.id, wangwu: finance.id };
    for (const [index, demo] of demoAccounts.entries()) {
      const userId = demo.account === 'admin' ? 'admin' : newId();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          tenant_id: tenantId,
          account: demo.account,
          real_name: demo.realName,
          password_hash: passwordHash,
          mobile: `1380000000${index}`,
          email: `${demo.account}@example.com`,
          gender: demo.account === 'wangwu' ? 1 : 0,
          company_id: hq,
          sort_code: index,
        })
        .execute();
      await trx.insertInto('user_departments').values({ tenant_id: tenantId, user_id: userId, department_id: departmentOf[demo.account] }).execute();
      await trx
        .insertInto('user_roles')
        .values({ tenant_id: tenantId, user_id: userId, role_id: roleId(demo.role) })
        .execute();
    }
    // System features: the main language and English, demo dictionaries.
    await insertDefaultLanguages(trx, tenantId);
    await insertDemoDictionaries(trx, tenantId);
    return true;
  });
}
