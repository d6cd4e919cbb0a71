import { launchAuthorizedSql } from '../../launch-authority.repository.js';
import type { Trx } from './db.js';

/** Schemes and their versions, as the engine reads them. */

export async function versionGraph(trx: Trx, versionId: string): Promise<unknown | undefined> {
  return (await trx.selectFrom('wf_scheme_versions').select('graph').where('id', '=', versionId).executeTakeFirst())?.graph;
}

export async function schemeName(trx: Trx, schemeId: string): Promise<string | undefined> {
  return (await trx.selectFrom('wf_schemes').select('name').where('id', '=', schemeId).executeTakeFirst())?.name;
}

/** An enabled scheme of the tenant by its code, case-insensitive (a call activity's calledElement). */
export async function enabledSchemeByCode(trx: Trx, tenantId: string, code: string) {
  return trx
    .selectFrom('wf_schemes')
    .select(['id', 'name', 'current_version_id'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
    .where('enabled', '=', true)
    .executeTakeFirst();
}

/** A scheme to launch, with whether the user may launch it (the scheme module's one launch rule). */
export async function schemeToLaunch(trx: Trx, tenantId: string, schemeId: string, userId: string) {
  return trx
    .selectFrom('wf_schemes as s')
    .selectAll('s')
    .select(launchAuthorizedSql('s', userId).as('may_launch'))
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', '=', schemeId)
    .executeTakeFirst();
}

/** Locks a scheme's row: concurrent launches of it count their serial one after another. */
export async function lockScheme(trx: Trx, tenantId: string, schemeId: string): Promise<void> {
  await trx.selectFrom('wf_schemes').select('id').where('tenant_id', '=', tenantId).where('id', '=', schemeId).forUpdate().execute();
}

/** The forms of a scheme (its relations). */
export async function schemeFormIds(trx: Trx, schemeId: string): Promise<string[]> {
  return (await trx.selectFrom('wf_relations').select('form_id').where('scheme_id', '=', schemeId).execute()).map((r) => r.form_id);
}
