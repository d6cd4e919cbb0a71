import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';

type Db = Kysely<Database>;

/**
 * The launch-authority test as SQL, for any query over `wf_schemes` (alias given): everyone when auth_type is 0,
 * otherwise the user must match one of auth_objects — '1' post (user_posts), '2' role (user_roles), '3' the user,
 * '4' department (user_departments). Does not look at `enabled` or the current version (see `canLaunch`).
 * The engine's start() uses this same piece (one rule for the launch list, auth-user and create-process).
 */
export function launchAuthorizedSql(schemeAlias: string, userId: string | Expression<string>): RawBuilder<SqlBool> {
  const s = (column: string) => sql.ref(`${schemeAlias}.${column}`);
  return sql<SqlBool>`(${s('auth_type')} = 0 or exists (
    select 1 from jsonb_array_elements(${s('auth_objects')}) as o(obj)
    where (o.obj->>'F_ObjType' = '3' and o.obj->>'F_ObjId' = ${userId})
       or (o.obj->>'F_ObjType' = '1' and exists (select 1 from user_posts up where up.tenant_id = ${s('tenant_id')} and up.user_id = ${userId} and up.post_id = o.obj->>'F_ObjId'))
       or (o.obj->>'F_ObjType' = '2' and exists (select 1 from user_roles ur where ur.tenant_id = ${s('tenant_id')} and ur.user_id = ${userId} and ur.role_id = o.obj->>'F_ObjId'))
       or (o.obj->>'F_ObjType' = '4' and exists (select 1 from user_departments ud where ud.tenant_id = ${s('tenant_id')} and ud.user_id = ${userId} and ud.department_id = o.obj->>'F_ObjId'))
  ))`;
}

/** What canLaunch needs of a scheme row. */
export interface LaunchableScheme {
  id: string;
  tenant_id: string;
  enabled: boolean;
  current_version_id: string | null;
  auth_type: number;
}

/**
 * May the caller launch this scheme? Enabled, has a current version, same tenant, and the launch authority
 * admits the caller (launchAuthorizedSql). Works with a transaction object too.
 */
export async function canLaunch(db: Db, auth: Pick<AuthContext, 'userId' | 'tenantId'>, scheme: LaunchableScheme): Promise<boolean> {
  if (scheme.tenant_id !== auth.tenantId || !scheme.enabled || !scheme.current_version_id) return false;
  if (scheme.auth_type === 0) return true;
  const row = await db
    .selectFrom('wf_schemes as s')
    .where('s.id', '=', scheme.id)
    .where('s.tenant_id', '=', auth.tenantId)
    .where(launchAuthorizedSql('s', auth.userId))
    .select('s.id')
    .executeTakeFirst();
  return row !== undefined;
}
