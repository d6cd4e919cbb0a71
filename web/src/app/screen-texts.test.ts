/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_NAMESPACES } from '../lib/i18n';

/**
 * Every lazily loaded screen fetches the locale namespaces it speaks with its code (lazyWithTexts(load, namespaces)).
 * This reads the source: for each such call, the namespaces used by the loaded module and everything it imports
 * (useTranslation('ns'), 'ns:key' literals, { ns: 'ns' }) must be bundled or declared. Another lazyWithTexts call
 * met on the way is a boundary: it fetches its own.
 */
const webSrc = path.resolve(import.meta.dirname, '..');
const featureLocaleDirs = fs
  .readdirSync(path.join(webSrc, 'features'))
  .map((f) => path.join(webSrc, 'features', f, 'locales/zh-CN'))
  .filter((dir) => fs.existsSync(dir));
const knownNamespaces = new Set(
  [path.join(webSrc, 'locales/zh-CN'), ...featureLocaleDirs].flatMap((dir) => fs.readdirSync(dir)).map((f) => f.replace(/\.json$/, '')),
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

interface LazyCall {
  file: string;
  target: string;
  declared: string[];
}

/** The text of each lazyWithTexts(...) call in a source, up to its closing parenthesis. */
function lazyCallTexts(src: string): string[] {
  const calls: string[] = [];
  for (let at = src.indexOf('lazyWithTexts('); at >= 0; at = src.indexOf('lazyWithTexts(', at + 1)) {
    if (/function\s+$/.test(src.slice(Math.max(0, at - 10), at))) continue;
    let depth = 0;
    for (let i = at + 'lazyWithTexts'.length; i < src.length; i++) {
      if (src[i] === '(') depth++;
      else if (src[i] === ')' && --depth === 0) {
        calls.push(src.slice(at, i + 1));
        break;
      }
    }
  }
  return calls;
}

const files = sourceFiles(webSrc);
const sources = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));

const lazyCalls: LazyCall[] = files.flatMap((file) =>
  lazyCallTexts(sources.get(file)!).map((call) => {
    const spec = /import\('([^']+)'\)/.exec(call)?.[1] ?? '';
    const declaredList = /,\s*\[([^\]]*)\]\s*,?\s*\)$/.exec(call)?.[1] ?? '';
    return { file, target: resolveImport(file, spec) ?? `unresolved ${spec}`, declared: [...declaredList.matchAll(/'([^']+)'/g)].map((m) => m[1]) };
  }),
);

/** A module's own namespaces and the modules it imports (lazyWithTexts targets left out: they are boundaries). */
function moduleInfo(file: string): { namespaces: Set<string>; imports: string[] } {
  const src = (sources.get(file) ?? '').replace(/lazyWithTexts\(\s*\(\)\s*=>\s*import\('[^']+'\)/g, '');
  const imports = [...src.matchAll(/(?:import|export)\s[^'"]*?from\s*'([^']+)'|import\s*\(\s*'([^']+)'\s*\)|import\s+'([^']+)'/g)]
    .map((m) => resolveImport(file, m[1] ?? m[2] ?? m[3]))
    .filter((p): p is string => !!p && /\.tsx?$/.test(p));
  const namespaces = new Set<string>();
  for (const m of src.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) for (const n of m[1].matchAll(/'([^']+)'/g)) namespaces.add(n[1]);
  for (const m of src.matchAll(/['"`]([A-Za-z]+):[A-Za-z][\w.${}]*['"`]/g)) if (knownNamespaces.has(m[1])) namespaces.add(m[1]);
  for (const m of src.matchAll(/\bns:\s*'([A-Za-z]+)'/g)) namespaces.add(m[1]);
  return { namespaces, imports };
}

function namespacesReachedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const info = moduleInfo(file);
    info.namespaces.forEach((n) => used.add(n));
    stack.push(...info.imports);
  }
  return used;
}

describe('screen texts', () => {
  it('finds the lazily loaded screens (shell, pages, overlays, editor)', () => {
    const targets = lazyCalls.map((c) => path.relative(webSrc, c.target));
    expect(targets).toEqual(
      expect.arrayContaining([
        'app/shell/Layout.tsx',
        'features/home/HomePage.tsx',
        'features/workflow/approval/ApprovalScreen.tsx',
        'components/editor/RichEditor.tsx',
      ]),
    );
    expect(lazyCalls.length).toBeGreaterThan(50);
  });

  it('each lazily loaded screen declares exactly the namespaces its code speaks', () => {
    const problems: string[] = [];
    for (const call of lazyCalls) {
      const where = `${path.relative(webSrc, call.file)} → ${path.relative(webSrc, call.target)}`;
      if (!fs.existsSync(call.target)) {
        problems.push(`${where}: module not found`);
        continue;
      }
      for (const ns of call.declared) if (!knownNamespaces.has(ns)) problems.push(`${where}: declares unknown namespace '${ns}'`);
      const used = namespacesReachedFrom(call.target);
      const missing = [...used].filter((ns) => !BUNDLED_NAMESPACES.includes(ns) && !call.declared.includes(ns)).sort();
      if (missing.length) problems.push(`${where}: add ${missing.map((n) => `'${n}'`).join(', ')}`);
      // A namespace declared but not spoken is a request for nothing.
      const unused = call.declared.filter((ns) => !used.has(ns) || BUNDLED_NAMESPACES.includes(ns));
      if (unused.length) problems.push(`${where}: remove ${unused.map((n) => `'${n}'`).join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('the shell does not fetch every screen’s texts', () => {
    const shell = lazyCalls.find((c) => c.target.endsWith(path.join('app', 'shell', 'Layout.tsx')))!;
    expect(shell.declared.length).toBeLessThan(knownNamespaces.size / 3);
  });
});
