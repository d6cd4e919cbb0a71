import { DEFAULT_LINK_ID, formRelationSetting, type FormRelationSetting, type ListButton } from '@app/contracts';
import { expect } from 'vitest';
import { newId } from '../core/ids.js';
import type { TestApp } from './harness.js';
import { uniqueName } from './link-databases.js';
import { field, type Loose } from '../modules/form-scheme/test-fields.js';
import { moduleCodeOf, moduleIdOf } from '../modules/form-relation/form-relation.repository.js';

/**
 * Test fixtures of published pages, written without POST /form-relation: a form with tables made through
 * POST /api/form-scheme/customtable, then the relation, its menu entry, buttons and columns inserted as publishing
 * makes them (docs "Publishing": ids `form-app-<id>`, codes `forms.app.<id>`, buttons `<moduleId>:<button>`, columns
 * `<moduleId>:col:<field>`) and granted to the given users or the admin's roles. Caches are invalidated.
 */

const options = (pairs: [string, string][]) => ({ options: pairs.map(([value, label]) => ({ label, value })) });

/** An order form: text, a select with labels, a number, a date, a checkbox, a note, a date-time stamp of its own. */
export function orderFields(): Loose[] {
  return [
    field(1, 'F_Title', 'input', { maxlength: 50 }, { label: '标题', required: true }),
    field(
      2,
      'F_Status',
      'select',
      {
        __slot__: options([
          ['1', '新建'],
          ['2', '完成'],
        ]),
      },
      { label: '状态', dataType: 'static' },
    ),
    field(3, 'F_Amount', 'number', { precision: 2 }, { label: '金额' }),
    field(4, 'F_Day', 'date', { type: 'date', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' }, { label: '日期' }),
    field(
      5,
      'F_Tags',
      'checkbox',
      {
        __slot__: options([
          ['a', '甲'],
          ['b', '乙'],
        ]),
      },
      { label: '标签', dataType: 'static' },
    ),
    field(6, 'F_Note', 'textarea', {}, { label: '备注', regList: [{ pattern: '^[^x]*$', message: '备注不能含 x' }] }),
    field(7, 'F_Owner', 'input', { maxlength: 64 }, { label: '负责人' }),
  ];
}

/** A form with a main table through /customtable; answers its id and table. */
export async function createOrderForm(
  t: TestApp,
  token: string,
  fields: Loose[] = orderFields(),
  linkId: string = DEFAULT_LINK_ID,
): Promise<{ formId: string; table: string }> {
  const table = uniqueName('orders');
  const res = await t.send(
    'POST',
    '/api/form-scheme/customtable',
    { F_Name: '订单', F_Type: 0, F_Scheme: { data: fields }, tableInfo: [{ dbId: linkId, name: table, type: 'main' }] },
    token,
  );
  expect(res.json(), JSON.stringify(res.json())).toMatchObject({ code: 0 });
  return { formId: res.json().data.F_Id as string, table };
}

export interface Grantee {
  /** 1 role, 2 user */
  type: 1 | 2;
  id: string;
}

export async function adminRoles(t: TestApp): Promise<Grantee[]> {
  const rows = await t.deps.db.selectFrom('user_roles').select('role_id').where('user_id', '=', 'admin').execute();
  return rows.map((r) => ({ type: 1 as const, id: r.role_id }));
}

export async function userId(t: TestApp, account: string): Promise<string> {
  const row = await t.deps.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return row.id;
}

export function invalidateCaches(t: TestApp): void {
  t.deps.grants.invalidate();
  t.deps.columns.invalidate();
  t.deps.catalog.invalidate();
}

/** The relation, its menu entry, buttons and columns; the entry, buttons and columns granted to `to` (default: the admin's roles). */
export async function insertRelation(
  t: TestApp,
  formId: string,
  setting: Partial<FormRelationSetting> & Pick<FormRelationSetting, 'columns'>,
  to?: Grantee[],
): Promise<{ id: string; moduleId: string; moduleCode: string; setting: FormRelationSetting }> {
  const id = newId();
  const moduleId = moduleIdOf(id);
  const moduleCode = moduleCodeOf(id);
  const parsed = formRelationSetting.parse(setting);
  const db = t.deps.db;
  await db
    .insertInto('form_relations')
    .values({ id, tenant_id: 'default', name: '订单列表', form_id: formId, module_id: moduleId, setting: JSON.stringify(parsed), created_by: 'admin' })
    .execute();
  await db
    .insertInto('modules')
    .values({
      id: moduleId,
      parent_id: 'form-apps',
      en_code: moduleCode,
      full_name: '订单列表',
      url_address: `/form-publish/${id}`,
      group_paths: JSON.stringify([]),
      query: JSON.stringify({}),
      i18n_key: null,
    })
    .execute();
  const buttons = parsed.buttons.map((b) => ({ id: `${moduleId}:${b}`, module_id: moduleId, en_code: b, full_name: b }));
  if (buttons.length) await db.insertInto('module_buttons').values(buttons).execute();
  const columns = parsed.columns.map((c) => ({ id: `${moduleId}:col:${c.field}`, module_id: moduleId, en_code: c.field, full_name: c.label || c.field }));
  await db.insertInto('module_columns').values(columns).execute();
  const grantees = to ?? (await adminRoles(t));
  await grant(
    t,
    grantees,
    moduleId,
    [...parsed.buttons],
    parsed.columns.map((c) => c.field),
  );
  return { id, moduleId, moduleCode, setting: parsed };
}

/** Grants the page, some of its buttons and columns. */
export async function grant(t: TestApp, to: Grantee[], moduleId: string, buttons: ListButton[], columns: string[]): Promise<void> {
  const items = [
    { item_type: 1, item_id: moduleId },
    ...buttons.map((b) => ({ item_type: 2, item_id: `${moduleId}:${b}` })),
    ...columns.map((c) => ({ item_type: 3, item_id: `${moduleId}:col:${c}` })),
  ];
  const rows = to.flatMap((g) => items.map((i) => ({ id: newId(), tenant_id: 'default', object_type: g.type, object_id: g.id, ...i })));
  if (rows.length)
    await t.deps.db
      .insertInto('authorizes')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  invalidateCaches(t);
}

/** Takes a granted button or column away from the grantees. */
export async function revoke(t: TestApp, to: Grantee[], itemId: string): Promise<void> {
  for (const g of to)
    await t.deps.db.deleteFrom('authorizes').where('object_type', '=', g.type).where('object_id', '=', g.id).where('item_id', '=', itemId).execute();
  invalidateCaches(t);
}

/** Replaces the stored setting (the caches of the page are read per request). */
export async function updateSetting(t: TestApp, id: string, setting: Partial<FormRelationSetting> & Pick<FormRelationSetting, 'columns'>): Promise<void> {
  await t.deps.db
    .updateTable('form_relations')
    .set({ setting: JSON.stringify(formRelationSetting.parse(setting)) })
    .where('id', '=', id)
    .execute();
}
