import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AuthContext } from '../deps.js';
import type { GrantService } from './grants.js';

const TTL_MS = 5_000;

/**
 * Column permissions: a module's columns (module_columns) are the answer fields whose visibility is granted per
 * role. A caller sees a controlled column only when granted; fields a module does not control are always shown.
 * Services remove hidden fields before answering, so the answer never carries them.
 */
export class ColumnPolicy {
  private cached: { byModule: Map<string, string[]>; at: number } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly grants: GrantService,
  ) {}

  private async controlled(moduleCode: string): Promise<string[]> {
    if (!this.cached || Date.now() - this.cached.at > TTL_MS) {
      const rows = await sql<{ module: string; col: string }>`
        select m.en_code as module, c.en_code as col from module_columns c join modules m on m.id = c.module_id`.execute(this.db);
      const byModule = new Map<string, string[]>();
      for (const row of rows.rows) byModule.set(row.module, [...(byModule.get(row.module) ?? []), row.col]);
      this.cached = { byModule, at: Date.now() };
    }
    return this.cached.byModule.get(moduleCode) ?? [];
  }

  /** The fields of `moduleCode` the caller may not see. */
  async hidden(auth: AuthContext, moduleCode: string): Promise<string[]> {
    const controlled = await this.controlled(moduleCode);
    if (controlled.length === 0) return [];
    const grants = await this.grants.of(auth.tenantId, auth.userId);
    return controlled.filter((col) => !grants.columns.has(`${moduleCode}.${col}`));
  }

  invalidate(): void {
    this.cached = null;
  }
}

/** Rows without the hidden fields (their response schema marks those fields optional). */
export function stripColumns<T extends object>(rows: T[], hidden: string[]): T[] {
  if (hidden.length === 0) return rows;
  return rows.map((row) => {
    const copy = { ...row } as Record<string, unknown>;
    for (const field of hidden) delete copy[field];
    return copy as T;
  });
}
