import type { SimpleConditionBranch, SimpleNode, SimpleParallelBranch, SimpleProcess } from '@app/contracts';

/**
 * Pure edit operations of the simple designer over immutable models: every operation returns a new model in which
 * only the chains on the way to the change are new objects (untouched cards and branches keep their identity, so
 * memoised cards do not render again). An operation that changes nothing returns the model it was given.
 */

/** Where a card is inserted: after the initiator ('start'), after a card (its id), or at the head of a branch. */
export type Anchor = 'start' | `branch:${string}` | string;
export const branchAnchor = (branchId: string): Anchor => `branch:${branchId}`;

type AnyBranch = SimpleConditionBranch | SimpleParallelBranch;
type Group = Extract<SimpleNode, { type: 'condition' | 'parallel' }>;
const isGroup = (n: SimpleNode): n is Group => n.type === 'condition' || n.type === 'parallel';

/**
 * Rebuilds every chain through `edit` (children first). `edit` gets a chain and the id of the branch holding it
 * (null for the main chain) and returns it unchanged (same array) or a new one.
 */
function editChains(nodes: SimpleNode[], branchId: string | null, edit: (chain: SimpleNode[], branchId: string | null) => SimpleNode[]): SimpleNode[] {
  let changed = false;
  const mapped = nodes.map((n) => {
    if (!isGroup(n)) return n;
    let branchChanged = false;
    const branches = (n.branches as AnyBranch[]).map((b) => {
      const next = editChains(b.nodes, b.id, edit);
      if (next === b.nodes) return b;
      branchChanged = true;
      return { ...b, nodes: next };
    });
    if (!branchChanged) return n;
    changed = true;
    return { ...n, branches } as SimpleNode;
  });
  return edit(changed ? mapped : nodes, branchId);
}

function withChains(model: SimpleProcess, edit: (chain: SimpleNode[], branchId: string | null) => SimpleNode[]): SimpleProcess {
  const nodes = editChains(model.nodes, null, edit);
  return nodes === model.nodes ? model : { ...model, nodes };
}

/** Inserts a card (or group) at an anchor; an unknown anchor changes nothing. */
export function insertNode(model: SimpleProcess, anchor: Anchor, node: SimpleNode): SimpleProcess {
  if (anchor === 'start') return { ...model, nodes: [node, ...model.nodes] };
  const branch = anchor.startsWith('branch:') ? anchor.slice('branch:'.length) : null;
  return withChains(model, (chain, branchId) => {
    if (branch !== null) return branchId === branch ? [node, ...chain] : chain;
    const i = chain.findIndex((n) => n.id === anchor);
    return i < 0 ? chain : [...chain.slice(0, i + 1), node, ...chain.slice(i + 1)];
  });
}

/** Removes a card or a whole group. */
export function removeNode(model: SimpleProcess, id: string): SimpleProcess {
  return withChains(model, (chain) => (chain.some((n) => n.id === id) ? chain.filter((n) => n.id !== id) : chain));
}

/** Moves a card (or group) one place up (-1) or down (+1) within its chain; at either end nothing changes. */
export function moveNode(model: SimpleProcess, id: string, dir: -1 | 1): SimpleProcess {
  return withChains(model, (chain) => {
    const i = chain.findIndex((n) => n.id === id);
    const j = i + dir;
    if (i < 0 || j < 0 || j >= chain.length) return chain;
    const next = [...chain];
    [next[i], next[j]] = [next[j]!, next[i]!];
    return next;
  });
}

/** Replaces a card through `fn` (a card returned unchanged changes nothing). */
export function updateNode(model: SimpleProcess, id: string, fn: (node: SimpleNode) => SimpleNode): SimpleProcess {
  return withChains(model, (chain) => {
    const i = chain.findIndex((n) => n.id === id);
    if (i < 0) return chain;
    const next = fn(chain[i]!);
    if (next === chain[i]) return chain;
    return chain.map((n, k) => (k === i ? next : n));
  });
}

/** The group holding a branch, and the branch's index there. */
function groupOfBranch(model: SimpleProcess, branchId: string): { group: Group; index: number } | undefined {
  const visit = (nodes: SimpleNode[]): { group: Group; index: number } | undefined => {
    for (const n of nodes) {
      if (!isGroup(n)) continue;
      const index = (n.branches as AnyBranch[]).findIndex((b) => b.id === branchId);
      if (index >= 0) return { group: n, index };
      for (const b of n.branches as AnyBranch[]) {
        const found = visit(b.nodes);
        if (found) return found;
      }
    }
    return undefined;
  };
  return visit(model.nodes);
}

/** Replaces a branch through `fn`. */
export function updateBranch<B extends AnyBranch>(model: SimpleProcess, branchId: string, fn: (branch: B) => B): SimpleProcess {
  const found = groupOfBranch(model, branchId);
  if (!found) return model;
  const { group, index } = found;
  const branch = group.branches[index] as B;
  const next = fn(branch);
  if (next === branch) return model;
  return updateNode(model, group.id, (g) => ({ ...g, branches: (g as Group).branches.map((b, k) => (k === index ? next : b)) }) as SimpleNode);
}

/**
 * Adds a branch to a group: a condition group gets it before its "otherwise" branch (which stays last), a
 * parallel group at the end.
 */
export function addBranch(model: SimpleProcess, groupId: string, branch: AnyBranch): SimpleProcess {
  return updateNode(model, groupId, (g) => {
    if (g.type === 'parallel') return { ...g, branches: [...g.branches, branch as SimpleParallelBranch] };
    if (g.type !== 'condition') return g;
    const b = { ...(branch as SimpleConditionBranch), otherwise: false };
    const at = g.branches.findIndex((x) => x.otherwise);
    const branches = at < 0 ? [...g.branches, b] : [...g.branches.slice(0, at), b, ...g.branches.slice(at)];
    return { ...g, branches };
  });
}

/**
 * Deletes a branch with its cards. A group left with one branch disappears: the cards of that branch take its
 * place in the chain.
 */
export function removeBranch(model: SimpleProcess, branchId: string): SimpleProcess {
  const found = groupOfBranch(model, branchId);
  if (!found) return model;
  const { group } = found;
  const rest = (group.branches as AnyBranch[]).filter((b) => b.id !== branchId);
  if (rest.length >= 2) return updateNode(model, group.id, (g) => ({ ...g, branches: rest }) as SimpleNode);
  const lifted = rest[0]?.nodes ?? [];
  return withChains(model, (chain) => {
    const i = chain.findIndex((n) => n.id === group.id);
    return i < 0 ? chain : [...chain.slice(0, i), ...lifted, ...chain.slice(i + 1)];
  });
}

/**
 * Moves a branch one place left (-1, higher priority) or right (+1). The "otherwise" branch stays last: it does
 * not move, and no branch moves past it.
 */
export function moveBranch(model: SimpleProcess, branchId: string, dir: -1 | 1): SimpleProcess {
  const found = groupOfBranch(model, branchId);
  if (!found) return model;
  const { group, index } = found;
  const branches = group.branches as AnyBranch[];
  const j = index + dir;
  const otherwise = (b: AnyBranch | undefined) => !!b && 'otherwise' in b && b.otherwise;
  if (j < 0 || j >= branches.length || otherwise(branches[index]) || otherwise(branches[j])) return model;
  const next = [...branches];
  [next[index], next[j]] = [next[j]!, next[index]!];
  return updateNode(model, group.id, (g) => ({ ...g, branches: next }) as SimpleNode);
}

/** Where a card sits: its chain's position and length (up / down buttons). */
export function positionOf(model: SimpleProcess, id: string): { index: number; length: number } | undefined {
  let found: { index: number; length: number } | undefined;
  editChains(model.nodes, null, (chain) => {
    const index = chain.findIndex((n) => n.id === id);
    if (index >= 0) found = { index, length: chain.length };
    return chain;
  });
  return found;
}

/** A card or branch by id (branches: the branch object and its group). */
export function findNode(model: SimpleProcess, id: string): SimpleNode | undefined {
  let found: SimpleNode | undefined;
  editChains(model.nodes, null, (chain) => {
    found ??= chain.find((n) => n.id === id);
    return chain;
  });
  return found;
}

export function findBranch(model: SimpleProcess, branchId: string): { group: Group; branch: AnyBranch; index: number } | undefined {
  const found = groupOfBranch(model, branchId);
  return found && { group: found.group, branch: found.group.branches[found.index] as AnyBranch, index: found.index };
}

/**
 * The approver cards a card comes after on every path to it (the cards before it in its chain, and before its
 * group in the enclosing chains), nearest last: the places a reject may return to.
 */
export function approversBefore(model: SimpleProcess, id: string): SimpleNode[] {
  const visit = (chain: SimpleNode[], before: SimpleNode[]): SimpleNode[] | undefined => {
    const acc = [...before];
    for (const n of chain) {
      if (n.id === id) return acc;
      if (isGroup(n)) {
        for (const b of n.branches as AnyBranch[]) {
          const found = visit(b.nodes, acc);
          if (found) return found;
        }
      } else if (n.type === 'approver') acc.push(n);
    }
    return undefined;
  };
  return visit(model.nodes, []) ?? [];
}

// ---------- undo / redo ----------

export interface History {
  past: SimpleProcess[];
  present: SimpleProcess;
  future: SimpleProcess[];
}

/** Undo steps kept. */
export const HISTORY_LIMIT = 100;

export const historyOf = (present: SimpleProcess): History => ({ past: [], present, future: [] });

/** A new state; an unchanged model (same object) adds no undo step. */
export function pushHistory(h: History, next: SimpleProcess): History {
  if (next === h.present) return h;
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

export function undo(h: History): History {
  const prev = h.past.at(-1);
  return prev ? { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] } : h;
}

export function redo(h: History): History {
  const next = h.future[0];
  return next ? { past: [...h.past, h.present], present: next, future: h.future.slice(1) } : h;
}
