import type { CandidateRule } from '@app/contracts';
import { candidateUsers, enabledUserRows, type CandidateUser, type Db } from './store.js';

export type { CandidateUser };

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
  return candidateUsers(db, { tenantId: ctx.tenantId, direct, posts, roles, departments, leaderOf });
}

/** Enabled users of the tenant among `ids`, with their names (chosen approvers, transfer targets, added signers). */
export async function enabledUsers(db: Db, tenantId: string, ids: string[]): Promise<CandidateUser[]> {
  if (ids.length === 0) return [];
  const rows = await enabledUserRows(db, tenantId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
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
