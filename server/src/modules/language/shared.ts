/** 1 / 0 of a boolean column. */
export const mark = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** Links nodes to their parents; a node whose parent is missing is a root. Keeps the input order. */
export function linkTree<T extends { children: T[] }>(nodes: T[], idOf: (n: T) => string, parentOf: (n: T) => string): T[] {
  const byId = new Map(nodes.map((n) => [idOf(n), n]));
  const roots: T[] = [];
  for (const node of nodes) {
    const parent = byId.get(parentOf(node));
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
