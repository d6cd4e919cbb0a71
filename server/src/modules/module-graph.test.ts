import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Modules may use each other, but never in a circle: a circle means neither can be understood, tested or removed
 * without the other. This reads every module's imports (tests aside) and fails naming any cycle.
 */
const modulesDir = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'security.ts' ? [full] : [];
  });
}

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of fs.readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, name);
    if (!fs.statSync(dir).isDirectory()) continue;
    const uses = new Set<string>();
    for (const file of sourceFiles(dir)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(file), m[1] ?? m[2])).split(path.sep)[0];
        if (target && target !== name && !target.startsWith('..')) uses.add(target);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

/** Every cycle as "a → b → a", found by a depth-first walk. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) {
        const loop = trail.slice(at);
        const start = loop.indexOf([...loop].sort()[0]);
        found.add([...loop.slice(start), ...loop.slice(0, start), loop[start]].join(' → '));
      } else walk(next, [...trail, next]);
    }
  };
  for (const node of graph.keys()) walk(node, [node]);
  return [...found].sort();
}

describe('module imports', () => {
  it('form no cycle', () => {
    expect(cycles(moduleGraph())).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual(['a → b → c → a']);
  });
});
