import type { Db } from './db.js';

/** The departments a user belongs to (conditions on the initiator's department: "属于 财务部" holds for any of them). */
export async function userDepartmentIds(db: Db, tenantId: string, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_departments').select('department_id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  return rows.map((r) => r.department_id).sort();
}
