import type { CandidateRule } from '@app/contracts';
import { candidateUsers, enabledUserRows, managerChains, type CandidateQuery, type CandidateUser, type ChainManager, type Db } from './store.js';

export type { CandidateUser };

export interface CandidateContext {
  tenantId: string;
  starterId: string;
  /** The user who completed the previous task (previousLeader); the starter at launch. */
  previousUserId: string | null;
  /** Form values by __vModel__ (formField rules). */
  formValues: Record<string, unknown>;
  /** The users the starter chose for this node at launch (starterChoice rules), in the order chosen. */
  starterChoice?: string[];
}

/** User ids held in a form value: one id, comma-joined ids or a list. */
function idsInValue(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value === null || value === undefined ? [] : [String(value)];
  return items.map((v) => String(v).trim()).filter((v) => v !== '');
}

/** Rules whose users come in an order of their own (levels, the starter's choice) rather than by sort code. */
const ORDERED_RULES = new Set<CandidateRule['type']>(['starterLeader', 'starterChoice']);

/** What the rules kept in sort-code order name, gathered by kind for one query. */
function gatherUnordered(rules: CandidateRule[], ctx: CandidateContext): CandidateQuery {
  const q: CandidateQuery = { tenantId: ctx.tenantId, direct: [], posts: [], roles: [], departments: [], leaderOf: [], headsOf: [] };
  for (const rule of rules) {
    if (rule.type === 'user') q.direct.push(...rule.ids);
    else if (rule.type === 'post') q.posts.push(...rule.ids);
    else if (rule.type === 'role') q.roles.push(...rule.ids);
    else if (rule.type === 'department') q.departments.push(...rule.ids);
    else if (rule.type === 'departmentHead') q.headsOf.push(...rule.ids);
    else if (rule.type === 'starter') q.direct.push(ctx.starterId);
    else if (rule.type === 'previousLeader') q.leaderOf.push(ctx.previousUserId ?? ctx.starterId);
    else if (rule.type === 'formField' && rule.field) q.direct.push(...idsInValue(ctx.formValues[rule.field]));
  }
  return q;
}

/**
 * Leaders of levels 1 to `levels` from the managers up each of the starter's department chains (managerChains):
 * per chain, the first `levels` distinct managers other than the starter — so a department without an (enabled)
 * manager, or managed by the starter, passes its level on to the one above; then level 1 of every chain, level 2…
 */
export function leaderLevels(chains: ChainManager[], starterId: string, levels: number): CandidateUser[] {
  const byRoot = new Map<string, CandidateUser[]>();
  for (const m of chains) {
    const list = byRoot.get(m.root) ?? [];
    byRoot.set(m.root, list);
    if (m.id === starterId || list.length >= levels || list.some((u) => u.id === m.id)) continue;
    list.push({ id: m.id, account: m.account, realName: m.realName });
  }
  const leaders: CandidateUser[] = [];
  for (let level = 0; level < levels; level += 1) {
    for (const list of byRoot.values()) {
      const u = list[level];
      if (u && !leaders.some((l) => l.id === u.id)) leaders.push(u);
    }
  }
  return leaders;
}

/** The users of one ordered rule, in its order. */
async function orderedUsers(db: Db, rule: CandidateRule, ctx: CandidateContext): Promise<CandidateUser[]> {
  if (rule.type === 'starterChoice') return enabledUsers(db, ctx.tenantId, ctx.starterChoice ?? []);
  return leaderLevels(await managerChains(db, ctx.tenantId, ctx.starterId), ctx.starterId, rule.level ?? 1);
}

/**
 * The enabled users the rules name (docs/workflow-design.md "Candidates"), unioned without duplicates. Rules with
 * an order of their own (starterLeader: level order, so a sequential countersign approves bottom-up;
 * starterChoice: the starter's order) keep it, in rule order; every other rule's users come together, in one query
 * ordered by the users' sort code, where the first such rule stands.
 */
export async function resolveCandidates(db: Db, rules: CandidateRule[], ctx: CandidateContext): Promise<CandidateUser[]> {
  const parts: CandidateUser[][] = [];
  let unorderedAt = -1;
  for (const rule of rules) {
    if (ORDERED_RULES.has(rule.type)) parts.push(await orderedUsers(db, rule, ctx));
    else if (unorderedAt < 0) {
      unorderedAt = parts.length;
      parts.push([]);
    }
  }
  if (unorderedAt >= 0) parts[unorderedAt] = await candidateUsers(db, gatherUnordered(rules, ctx));
  const seen = new Set<string>();
  return parts.flat().filter((u) => !seen.has(u.id) && seen.add(u.id));
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
