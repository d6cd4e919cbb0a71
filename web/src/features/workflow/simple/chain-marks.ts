import { useSyncExternalStore } from 'react';

const NO_ISSUES: string[] = [];
const sameList = (a: string[], b: string[]) => a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

/**
 * What the canvas marks on its cards: problems, the simulated path, the selection. Cards read their own marks from
 * here, so a change re-renders only the cards whose marks changed — not the whole chain of memoised groups.
 */
export class ChainMarks {
  private issues = new Map<string, string[]>();
  private visited: ReadonlySet<string> = new Set();
  private selected: string | null = null;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Takes the new marks (a card's problem list keeps its identity while its texts are the same) and tells the cards. */
  update(issues: ReadonlyMap<string, string[]>, visited: ReadonlySet<string>, selected: string | null): void {
    const next = new Map<string, string[]>();
    for (const [id, list] of issues) {
      const before = this.issues.get(id);
      next.set(id, before && sameList(before, list) ? before : list);
    }
    this.issues = next;
    this.visited = visited;
    this.selected = selected;
    for (const listener of this.listeners) listener();
  }

  issuesOf = (id: string): string[] => this.issues.get(id) ?? NO_ISSUES;
  isVisited = (id: string): boolean => this.visited.has(id);
  isSelected = (id: string): boolean => this.selected === id;
}

/** One card's marks. */
export function useMarks(marks: ChainMarks, id: string): { issues: string[]; visited: boolean; selected: boolean } {
  const issues = useSyncExternalStore(marks.subscribe, () => marks.issuesOf(id));
  const visited = useSyncExternalStore(marks.subscribe, () => marks.isVisited(id));
  const selected = useSyncExternalStore(marks.subscribe, () => marks.isSelected(id));
  return { issues, visited, selected };
}
