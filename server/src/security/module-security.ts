import fs from 'node:fs';

/** One attack of the IDOR matrix: the request that names tenant B's record. */
export type Attack = {
  url: string;
  body?: unknown;
  upload?: boolean;
  /** A success is expected: the route acts on the caller's own tenant only (B's rows are in the snapshot). */
  ownTenant?: true;
  /** A success with empty data (null, [], no rows) is an acceptable refusal. */
  empty?: true;
};

/** B's administrator, as a module's fixture sees it: sends a request with B's token, answers `data` (code 0 or throws). */
export type VictimSend = (method: 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) => Promise<unknown>;

/**
 * A module's part of the security suite, in its own folder (`modules/<name>/security.ts`, `export const security`),
 * so a new module with id routes adds its attacks beside its code: `fixtures` makes B's records (names containing
 * the marker it is given) and answers their ids; `idor` attacks each route with a path parameter, or exempts it.
 */
export interface ModuleSecurity {
  fixtures: (victim: VictimSend, mark: string) => Promise<Record<string, string>>;
  idor: Record<string, ((ids: Record<string, string>) => Attack) | { exempt: string }>;
}

/** Every module's security.ts, by folder. */
export async function moduleSecurity(): Promise<{ module: string; security: ModuleSecurity }[]> {
  const modulesDir = new URL('../modules/', import.meta.url);
  const found: { module: string; security: ModuleSecurity }[] = [];
  for (const entry of fs.readdirSync(modulesDir, { withFileTypes: true })) {
    const file = new URL(`${entry.name}/security.ts`, modulesDir);
    if (!entry.isDirectory() || !fs.existsSync(file)) continue;
    found.push({ module: entry.name, security: ((await import(file.href)) as { security: ModuleSecurity }).security });
  }
  return found;
}
