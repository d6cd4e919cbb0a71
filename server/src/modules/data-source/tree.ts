import type { DataTreeNode } from '@app/contracts';

const key = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Rows to a nested tree by id / parent columns. A row is a root when its parent is empty or not among the ids.
 * Cycle-safe: each row is placed once; rows only reachable through a cycle start a new root at the first of them
 * (in row order), so every row appears exactly once and the walk always ends.
 */
export function buildTree(rows: Record<string, unknown>[], idField: string, parentField: string): DataTreeNode[] {
  const nodes: DataTreeNode[] = rows.map((row) => ({ ...row, children: [] }));
  const byId = new Map<string, number>();
  nodes.forEach((node, i) => {
    const id = key(node[idField]);
    if (!byId.has(id)) byId.set(id, i);
  });
  const childrenOf = new Map<number, number[]>();
  const roots: number[] = [];
  nodes.forEach((node, i) => {
    const parent = key(node[parentField]);
    const parentIndex = parent === '' ? undefined : byId.get(parent);
    if (parentIndex === undefined || parentIndex === i) roots.push(i);
    else childrenOf.set(parentIndex, [...(childrenOf.get(parentIndex) ?? []), i]);
  });
  const placed = new Set<number>();
  const attach = (start: number): DataTreeNode => {
    // Iterative, so a deep chain cannot overflow the stack.
    placed.add(start);
    const stack = [start];
    while (stack.length) {
      const i = stack.pop()!;
      for (const child of childrenOf.get(i) ?? []) {
        if (placed.has(child)) continue;
        placed.add(child);
        nodes[i].children.push(nodes[child]);
        stack.push(child);
      }
    }
    return nodes[start];
  };
  const tree = roots.map(attach);
  nodes.forEach((_node, i) => {
    if (!placed.has(i)) tree.push(attach(i));
  });
  return tree;
}
