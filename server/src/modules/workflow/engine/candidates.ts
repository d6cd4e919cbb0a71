import type { CandidateRule } from '@app/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../core/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface CandidateUser {
  id: string;
  account: string;
  realName: string;
}

export interface CandidateContext {
  tenantId: string;
  starterId: string;
  /** The user who completed the previous task (previousLeader); the starter at launch. */
  previousUserId: string | null;
  /** Form values by __vModel__ (formField rules). */
  formValues: Record<string, unknown>;
}

/** User ids held in a form value: one id, comma-joined ids or a list. */
function idsInValue(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value === null || value === undefined ? [] : [String(value)];
  return items.map((v) => String(v).trim()).filter((v) => v !== '');
}

/**
 * The enabled users the rules name (docs/workflow-design.md "Candidates"), unioned, in one query: direct ids
 * (user, starter, formField), members of posts / roles / departments, and the managers of the departments of the
 * starter (starterLeader) or of the previous approver (previousLeader). Ordered by the users' sort code.
 */
export async function resolveCandidates(db: Db, rules: CandidateRule[], ctx: CandidateContext): Promise<CandidateUser[]> {
  const direct: string[] = [];
  const posts: string[] = [];
  const roles: string[] = [];
  const departments: string[] = [];
  const leaderOf: string[] = [];
  for (const rule of rules) {
    if (rule.type === 'user') direct.push(...rule.ids);
    else if (rule.type === 'post') posts.push(...rule.ids);
    else if (rule.type === 'role') roles.push(...rule.ids);
    else if (rule.type === 'department') departments.push(...rule.ids);
    else if (rule.type === 'starter') direct.push(ctx.starterId);
    else if (rule.type === 'starterLeader') leaderOf.push(ctx.starterId);
    else if (rule.type === 'previousLeader') leaderOf.push(ctx.previousUserId ?? ctx.starterId);
    else if (rule.type === 'formField' && rule.field) direct.push(...idsInValue(ctx.formValues[rule.field]));
  }
  const list = (ids: string[]) => sql`${sql.val([...new Set(ids)])}::text[]`;
  const t = ctx.tenantId;
  const rows = await sql<{ id: string; account: string; real_name: string }>`
    select u.id, u.account, u.real_name from users u
    where u.tenant_id = ${t} and u.enabled = true and (
      u.id = any(${list(direct)})
      or exists (select 1 from user_posts p where p.tenant_id = ${t} and p.user_id = u.id and p.post_id = any(${list(posts)}))
      or exists (select 1 from user_roles r where r.tenant_id = ${t} and r.user_id = u.id and r.role_id = any(${list(roles)}))
      or exists (select 1 from user_departments d where d.tenant_id = ${t} and d.user_id = u.id and d.department_id = any(${list(departments)}))
      or u.id in (select d.manager_id from departments d join user_departments ud on ud.department_id = d.id and ud.tenant_id = ${t}
                  where d.tenant_id = ${t} and ud.user_id = any(${list(leaderOf)}))
    )
    order by u.sort_code, u.account`.execute(db);
  return rows.rows.map((r) => ({ id: r.id, account: r.account, realName: r.real_name }));
}

/** Enabled users of the tenant among `ids`, with their names (chosen approvers, transfer targets, added signers). */
export async function enabledUsers(db: Db, tenantId: string, ids: string[]): Promise<CandidateUser[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'account', 'real_name'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, account: r.account, realName: r.real_name }]));
  return ids.filter((id, i) => ids.indexOf(id) === i && byId.has(id)).map((id) => byId.get(id)!);
}

/** Users behind circulation objects: '1' post, '2' role, '3' person, '4' department members; enabled only. */
export async function usersOfObjects(db: Db, tenantId: string, objects: { F_ObjType: string; F_ObjId: string }[]): Promise<string[]> {
  const of = (type: string) => objects.filter((o) => o.F_ObjType === type).map((o) => o.F_ObjId);
  const rules: CandidateRule[] = [
    { type: 'post', ids: of('1') },
    { type: 'role', ids: of('2') },
    { type: 'user', ids: of('3') },
    { type: 'department', ids: of('4') },
  ];
  return (await resolveCandidates(db, rules, { tenantId, starterId: '', previousUserId: null, formValues: {} })).map((u) => u.id);
}
