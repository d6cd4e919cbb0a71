import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';

/** The main language (Chinese) and English, for one tenant. */
export async function insertDefaultLanguages(anyDb: Kysely<unknown> | Kysely<Database>, tenantId: string): Promise<void> {
  await (anyDb as Kysely<Database>)
    .insertInto('language_types')
    .values([
      { id: `${tenantId}:lang:zh-CN`, tenant_id: tenantId, code: 'zh-CN', name: '简体中文', is_main: true, sort_code: 0 },
      { id: `${tenantId}:lang:en`, tenant_id: tenantId, code: 'en', name: 'English', is_main: false, sort_code: 1 },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}
