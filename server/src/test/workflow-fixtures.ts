import { sql } from 'kysely';
import type { AuthContext } from '../core/deps.js';
import { newId } from '../core/ids.js';
import { parseDefinition } from '../modules/workflow/engine/definition.js';
import type { TestApp } from './harness.js';

/**
 * Workflow test set-up without the scheme API: a scheme, its version (graph from parseDefinition) and its form
 * relations written straight into the tables, and the demo users' ids and auth contexts.
 */

export interface DeployOptions {
  code: string;
  name?: string;
  xml: string;
  forms?: { form_id: string; form_type?: number }[];
  /** 0 everyone (default), 1 only authObjects. */
  authType?: number;
  authObjects?: { F_ObjType: string; F_ObjId: string; F_ObjName?: string }[];
  enabled?: boolean;
  tenantId?: string;
}

/** Account → user id of every user (the demo accounts: admin, lisi, zhangsan, wangwu). */
export async function userIds(t: TestApp): Promise<Record<string, string>> {
  const rows = await t.deps.db.selectFrom('users').select(['id', 'account']).execute();
  return Object.fromEntries(rows.map((r) => [r.account, r.id]));
}

/** An engine caller for a demo account (what a route's authOf(request) would give). */
export async function authOf(t: TestApp, account: string): Promise<AuthContext> {
  const user = await t.deps.db.selectFrom('users').select(['id', 'tenant_id', 'account']).where('account', '=', account).executeTakeFirstOrThrow();
  return { userId: user.id, tenantId: user.tenant_id, sessionId: '', account: user.account };
}

/** Inserts (or adds a version to) the scheme with this code; the parsed graph must be usable. */
export async function deployScheme(t: TestApp, opts: DeployOptions): Promise<{ schemeId: string; versionId: string }> {
  const { graph, issues } = await parseDefinition(opts.xml);
  if (!graph) throw new Error(`deployScheme ${opts.code}: ${JSON.stringify(issues)}`);
  const tenantId =
    opts.tenantId ?? (await t.deps.db.selectFrom('users').select('tenant_id').where('account', '=', 'admin').executeTakeFirstOrThrow()).tenant_id;
  const db = t.deps.db;
  const existing = await db
    .selectFrom('wf_schemes')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql`lower(code)`, '=', opts.code.toLowerCase())
    .executeTakeFirst();
  const schemeId = existing?.id ?? newId();
  const versionId = newId();
  await db.transaction().execute(async (trx) => {
    if (!existing) {
      await trx
        .insertInto('wf_schemes')
        .values({
          id: schemeId,
          tenant_id: tenantId,
          code: opts.code,
          name: opts.name ?? opts.code,
          enabled: opts.enabled ?? true,
          auth_type: opts.authType ?? 0,
          auth_objects: JSON.stringify(opts.authObjects ?? []),
          current_version_id: null,
          created_by: null,
        })
        .execute();
    }
    const last = await trx
      .selectFrom('wf_scheme_versions')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('scheme_id', '=', schemeId)
      .executeTakeFirst();
    await trx
      .insertInto('wf_scheme_versions')
      .values({
        id: versionId,
        tenant_id: tenantId,
        scheme_id: schemeId,
        version: Number(last?.v ?? 0) + 1,
        xml: opts.xml,
        graph: JSON.stringify(graph),
        created_by: null,
      })
      .execute();
    await trx.updateTable('wf_schemes').set({ current_version_id: versionId }).where('id', '=', schemeId).execute();
    for (const [i, f] of (opts.forms ?? []).entries()) {
      await trx
        .insertInto('wf_relations')
        .values({ id: newId(), tenant_id: tenantId, scheme_id: schemeId, form_id: f.form_id, form_type: f.form_type ?? 0, sort_code: i, created_by: null })
        .onConflict((oc) => oc.columns(['scheme_id', 'form_id']).doNothing())
        .execute();
    }
  });
  return { schemeId, versionId };
}
