/**
 * The first path segments under `base` of every registered route, lower-cased, from Fastify's printRoutes() tree
 * (each line is a piece of path appended to its parent's; `├── ` / `└── ` after 4-character indents per level).
 * An address-based form may not take one: `POST /api/{address}` would reach that module, not the form.
 */
export function routePrefixes(printed: string, base: string): Set<string> {
  const stack: string[] = [];
  const out = new Set<string>();
  for (const line of printed.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \([A-Z, ]+\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    const path = stack.join('');
    if (!path.startsWith(base)) continue;
    const first = path.slice(base.length).split('/')[0];
    if (first && !first.startsWith(':') && !first.includes('*')) out.add(first.toLowerCase());
  }
  return out;
}
