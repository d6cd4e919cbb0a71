import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';

/** Demo dictionaries (used by the company, department, stamp, news and workflow screens). */
export const demoDictionaries: { code: string; name: string; items: [value: string, name: string][] }[] = [
  {
    code: 'CompanyNature',
    name: '公司性质',
    items: [
      ['group', '集团'],
      ['branch', '分公司'],
      ['subsidiary', '子公司'],
    ],
  },
  {
    code: 'DepartmentNature',
    name: '部门性质',
    items: [
      ['function', '职能部门'],
      ['business', '业务部门'],
    ],
  },
  {
    code: 'StampType',
    name: '印章类型',
    items: [
      ['official', '公章'],
      ['contract', '合同章'],
      ['finance', '财务章'],
      ['signature', '个人签名'],
    ],
  },
  {
    code: 'NewsCategory',
    name: '新闻类别',
    items: [
      ['company', '公司新闻'],
      ['industry', '行业动态'],
      ['notice', '通知'],
    ],
  },
  {
    code: 'FlowSort',
    name: '流程分类',
    items: [
      ['hr', '人事'],
      ['finance', '财务'],
      ['admin', '行政'],
    ],
  },
];

/** Inserts the demo dictionaries of one tenant (skipping codes it already has); ids are derived from tenant and code. */
export async function insertDemoDictionaries(anyDb: Kysely<unknown> | Kysely<Database>, tenantId: string): Promise<void> {
  const db = anyDb as Kysely<Database>;
  for (const [index, dict] of demoDictionaries.entries()) {
    const typeId = `${tenantId}:dict:${dict.code}`;
    const inserted = await db
      .insertInto('dictionary_types')
      .values({ id: typeId, tenant_id: tenantId, code: dict.code, name: dict.name, sort_code: index })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    await db
      .insertInto('dictionary_items')
      .values(
        dict.items.map(([value, name], sort) => ({
          id: `${typeId}:${value}`,
          tenant_id: tenantId,
          type_id: typeId,
          name,
          value,
          code: value,
          sort_code: sort,
        })),
      )
      .execute();
  }
}
