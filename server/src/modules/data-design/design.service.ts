import type { DesignBody, DraftRow, ReleaseResult, ReleasedTable } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { DataDesignRepository } from './data-design.repository.js';
import { dialectOf, planRelease } from './ddl.js';

/** A database error's text for the user (the release is an administrator's action on their own link). */
export function databaseDetail(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * Drafts and release of table designs (docs/data-platform-design.md "Table design and release"). The routes demand
 * linkDesign; the link itself is looked up for the caller's tenant, so another tenant's link answers 404.
 */
export class DesignService {
  private readonly repo: DataDesignRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new DataDesignRepository(deps.db);
  }

  async saveDraft(auth: AuthContext, body: DesignBody): Promise<string> {
    await this.deps.links.forLink(auth.tenantId, body.linkId);
    return this.repo.saveDraft(auth.tenantId, auth.userId, newId(), body.linkId, body.design);
  }

  async drafts(auth: AuthContext, q: { linkId: string; tableName?: string }): Promise<DraftRow | DraftRow[]> {
    if (!q.tableName) return this.repo.draftList(auth.tenantId, q.linkId);
    const draft = await this.repo.draft(auth.tenantId, q.linkId, q.tableName);
    if (!draft) throw notFound('dataDesign.draftNotFound', { name: q.tableName });
    return draft;
  }

  async deleteDraft(auth: AuthContext, q: { linkId: string; tableName: string }): Promise<void> {
    if (!(await this.repo.deleteDraft(auth.tenantId, q.linkId, q.tableName))) throw notFound('dataDesign.draftNotFound', { name: q.tableName });
  }

  async released(auth: AuthContext, q: { linkId: string; tableName: string }): Promise<ReleasedTable> {
    const table = await this.repo.released(auth.tenantId, q.linkId, q.tableName);
    if (!table) throw notFound('dataDesign.tableNotReleased', { name: q.tableName });
    return table;
  }

  /**
   * Validates, builds the DDL for the link's dialect and runs it (one transaction where the database allows), then
   * records the released design and drops the draft together. A table we did not release is never touched.
   */
  async release(auth: AuthContext, body: DesignBody): Promise<ReleaseResult> {
    const driver = await this.deps.links.forLink(auth.tenantId, body.linkId);
    const name = body.design.tableName;
    const stored = await this.repo.released(auth.tenantId, body.linkId, name);
    const plan = planRelease(dialectOf(driver.type), stored?.F_Design ?? null, body.design);
    if (!stored && (await driver.tableExists(name))) throw new AppError('dataDesign.tableExists', { name }, 409);
    if (plan.statements.length) {
      try {
        await driver.executeDdl(plan.statements);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('dataDesign.releaseFailed', { detail: databaseDetail(error) }, 400);
      }
    }
    await this.repo.recordRelease(auth.tenantId, auth.userId, stored?.F_Id ?? newId(), body.linkId, plan.design);
    return { F_TableName: name, created: plan.created, addedColumns: plan.addedColumns, addedIndexes: plan.addedIndexes };
  }
}
