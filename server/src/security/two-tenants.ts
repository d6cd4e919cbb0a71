import { DEFAULT_LINK_ID } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { md5Hex } from '../core/auth/password.js';
import { newId } from '../core/ids.js';
import type { TestApp } from '../test/harness.js';
import { multipartBody } from '../test/multipart.js';
import { newModelXml } from '../modules/workflow-scheme/new-model.js';
import { field } from '../modules/form-scheme/test-fields.js';

/**
 * Two tenants for the security suite: the default (platform) tenant, whose administrator is the attacker, and
 * tenant B ("victim"), created with every menu entry, in which B's own administrator makes one record of every
 * entity type that has an id route. Every name B writes contains MARK, so any answer carrying B's data shows it.
 */
export const MARK = 'VICTIMB';
export const VICTIM_CODE = 'victimb';
const VICTIM_PASSWORD = 'Victim@12345';
/** A 1×1 PNG as a data URL (head icons, stamp images). */
export const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The ids of B's records, by fixture name (the IDOR table names these). */
export type Fixtures = Record<FixtureName, string>;
export type FixtureName =
  | 'tenant'
  | 'company'
  | 'department'
  | 'post'
  | 'role'
  | 'user'
  | 'adminUser'
  | 'session'
  | 'subsystem'
  | 'dictionary'
  | 'dictionaryCode'
  | 'dictionaryDetail'
  | 'language'
  | 'translation'
  | 'codeRule'
  | 'log'
  | 'news'
  | 'notice'
  | 'schedule'
  | 'message'
  | 'clue'
  | 'annexFolder'
  | 'annexFile'
  | 'folder'
  | 'file'
  | 'link'
  | 'field'
  | 'report'
  | 'dataSource'
  | 'interface'
  | 'form'
  | 'formVersion'
  | 'formAddress'
  | 'formRow'
  | 'relation'
  | 'relationRow'
  | 'dataRelation'
  | 'scheme'
  | 'schemeVersion'
  | 'workflowRelation'
  | 'instance'
  | 'task'
  | 'draft'
  | 'circulation'
  | 'stamp'
  | 'delegate';

export interface TwoTenants {
  /** The attacker: the default tenant's administrator (every button, and platform rights). */
  attacker: string;
  /** B's administrator (every button of B's entries). */
  victim: string;
  ids: Fixtures;
  /** Valid bodies of B's records (the IDOR table sends them back with B's ids). */
  bodies: Record<string, Record<string, unknown>>;
}

function dataOf(res: LightMyRequestResponse, what: string): unknown {
  const body = res.json() as { code?: number; data?: unknown };
  if (body.code !== 0) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return body.data;
}

/** The id in a creation answer: a string, or the first string field named like an id. */
function idOf(res: LightMyRequestResponse, what: string): string {
  const data = dataOf(res, what);
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    const key = ['id', 'F_Id', ...Object.keys(record).filter((k) => /Id$/.test(k))].find((k) => typeof record[k] === 'string');
    if (key) return record[key] as string;
  }
  throw new Error(`${what}: no id in ${res.body.slice(0, 300)}`);
}

/** An 80 × 50 PNG header, as a hand-written signature must be (only its size is checked). */
const SIGNATURE = (() => {
  const ihdr = Buffer.alloc(17);
  ihdr.writeUInt32BE(80, 0);
  ihdr.writeUInt32BE(50, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  return `data:image/png;base64,${Buffer.concat([head, ihdr]).toString('base64')}`;
})();

export async function twoTenants(t: TestApp): Promise<TwoTenants> {
  const db = t.deps.db;
  const attacker = await t.login('admin');
  const moduleIds = (await db.selectFrom('modules').select('id').execute()).map((m) => m.id);
  const tenant = idOf(
    await t.send('POST', '/api/tenant', { F_EnCode: VICTIM_CODE, F_FullName: `${MARK} 有限公司`, moduleIds, adminPassword: md5Hex(VICTIM_PASSWORD) }, attacker),
    'tenant',
  );
  const signIn = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5Hex(VICTIM_PASSWORD), code: VICTIM_CODE } });
  const victim = dataOf(signIn, 'victim sign-in') as { Token: string };
  const b = victim.Token;
  const post = async (url: string, body: unknown, what = url) => idOf(await t.send('POST', url, body, b), what);
  const bodies: TwoTenants['bodies'] = {};
  const body = <T extends Record<string, unknown>>(name: string, value: T): T => ((bodies[name] = value), value);

  const adminUser = (await db.selectFrom('users').select('id').where('tenant_id', '=', tenant).where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
  const session = (await db.selectFrom('sessions').select('id').where('user_id', '=', adminUser).executeTakeFirstOrThrow()).id;

  // Organisation
  const company = await post('/api/companies', body('company', { F_FullName: `${MARK} 分公司`, F_CompanyName: MARK, F_EnCode: 'VB1', F_ParentId: '0' }));
  const department = await post('/api/departments', body('department', { F_CompanyId: company, F_FullName: `${MARK} 部门`, F_EnCode: 'VBD' }));
  const postId = await post('/api/posts', body('post', { F_CompanyId: company, F_DepartmentId: department, F_Name: `${MARK} 岗位`, EnCode: 'VBP' }));
  const role = await post('/api/roles', body('role', { F_FullName: `${MARK} 角色`, F_EnCode: 'vbrole', F_Description: MARK }));
  const user = await post(
    '/api/users',
    body('user', { F_Account: 'victimuser', F_RealName: `${MARK} 用户`, F_Password: md5Hex('Victim@1'), F_CompanyId: company, F_DepartmentId: department }),
  );
  dataOf(await t.send('POST', '/api/roles/users', { F_RoleId: role, userIds: [user] }, b), 'role users');
  dataOf(await t.send('POST', '/api/posts/users', { F_PostId: postId, userIds: [user] }, b), 'post users');

  // System
  const subsystem = await post('/api/subsystem', body('subsystem', { F_Name: `${MARK} 子系统`, F_IndexUrl: '/victim', F_Icon: 'TeamOutlined', F_SortCode: 1 }));
  const dictionary = await post('/api/data-items', body('dictionary', { F_ItemCode: 'VictimDict', F_ItemName: `${MARK} 字典`, F_SortCode: 1 }));
  const dictionaryDetail = await post(
    '/api/data-item-detail',
    body('dictionaryDetail', { F_ItemId: dictionary, F_ItemName: `${MARK} 项`, F_ItemValue: 'victim', F_SortCode: 1 }),
  );
  const language = await post('/api/lg-type', body('language', { F_Code: 'ja', F_Name: `${MARK} 日语`, F_SortCode: 5 }));
  const translation = await post(
    '/api/lp-map/object',
    body('translation', { F_ObjectType: 'dataItem', F_ObjectId: dictionaryDetail, translations: { en: `${MARK} item` } }),
  );
  const codeRule = await post('/api/code-rules', body('codeRule', { F_EnCode: 'VICTIM', F_FullName: `${MARK} 编码`, parts: [{ type: 'text', value: 'VB' }] }));

  // Office
  const news = await post('/api/news', body('news', { F_FullHead: `${MARK} 新闻`, F_NewsContent: `<p>${MARK}</p>` }));
  dataOf(await t.send('PUT', `/api/news/changeStatus?id=${news}&status=1`, undefined, b), 'publish news');
  const notice = await post('/api/notice', body('notice', { F_FullHead: `${MARK} 通知`, F_Content: `<p>${MARK}</p>`, F_SendTime: '2026-12-01 08:00:00' }));
  const schedule = await post(
    '/api/oa-schedule',
    body('schedule', {
      F_Title: `${MARK} 日程`,
      F_Content: MARK,
      F_StartTime: '2026-11-25 09:00:00',
      F_EndTime: '2026-11-25 10:30:00',
      F_Participants: [user],
    }),
  );
  const upload = multipartBody([{ name: 'file', filename: 'victim.txt', content: `${MARK} secret`, contentType: 'text/plain' }]);
  const uploaded = dataOf(
    await t.app.inject({ method: 'POST', url: '/api/upload/', payload: upload.payload, headers: { ...upload.headers, authorization: `Bearer ${b}` } }),
    'upload',
  ) as { FolderId: string; FileIds: string[] };
  const folder = await post('/api/file-manager/addFolder', body('folder', { F_ParentId: null, F_Name: `${MARK} 文件夹` }));
  const inFolder = multipartBody([{ name: 'file', filename: 'victim-doc.txt', content: `${MARK} document`, contentType: 'text/plain' }]);
  const file = (
    dataOf(
      await t.app.inject({
        method: 'POST',
        url: `/api/upload/${folder}?purpose=file-manager`,
        payload: inFolder.payload,
        headers: { ...inFolder.headers, authorization: `Bearer ${b}` },
      }),
      'upload into folder',
    ) as { FileIds: string[] }
  ).FileIds[0]!;

  // Data
  const link = newId();
  await db
    .insertInto('database_links')
    .values({
      id: link,
      tenant_id: tenant,
      alias: `${MARK} 库`,
      db_type: 'postgresql',
      host: '192.0.2.1',
      port: 5432,
      database_name: 'victim',
      user_name: 'victim',
    })
    .execute();
  const fieldId = await post(
    '/api/database-field',
    body('field', { F_FieldName: 'F_Victim', F_DataType: 'varchar', F_Length: 20, F_Nullable: true, F_DefaultValue: '', F_Remark: MARK, F_SortCode: 1 }),
  );
  const report = await post(
    '/api/reports-relation',
    body('report', { F_ReportId: 'vr1', F_Name: `${MARK} 报表`, F_DataSourceId: '', F_Params: [], F_SortCode: 1 }),
  );
  const dataSource = await post(
    '/api/data-sources',
    body('dataSource', {
      F_Code: 'victim.ds',
      F_Name: `${MARK} 数据源`,
      F_DbId: DEFAULT_LINK_ID,
      F_Sql: `select g as n, '${MARK}' as label from generate_series(1, 3) g`,
      F_Params: [],
      F_IdField: 'n',
      F_ParentField: '',
      F_Description: '',
    }),
  );
  const interfaceId = await post(
    '/api/interface',
    body('interface', {
      F_Code: 'victimif',
      F_Name: `${MARK} 接口`,
      F_Method: 'POST',
      F_Url: 'http://192.0.2.1/echo',
      F_Headers: [],
      F_BodyTemplate: '{}',
      F_ResponsePath: '',
      F_TimeoutMs: 1000,
      F_Description: '',
    }),
  );

  // Forms: an address-based form with a table, one row, its published list with one row, a cascade
  const formAddress = 'victim-orders';
  const formFields = [
    field(1, 'F_Title', 'input', { maxlength: 50 }, { label: '标题' }),
    field(2, 'F_Region', 'select', { __slot__: { options: [{ label: 'a', value: 'a' }] } }, { label: '区域', dataType: 'static' }),
    field(3, 'F_City', 'select', { __slot__: { options: [{ label: 'b', value: 'b' }] } }, { label: '城市', dataType: 'static' }),
  ];
  const formBody = body('form', {
    F_Name: `${MARK} 表单`,
    F_Type: 2,
    F_Url: formAddress,
    F_Scheme: { data: formFields },
    tableInfo: [{ dbId: DEFAULT_LINK_ID, name: 'victim_orders', type: 'main' }],
  });
  const form = await post('/api/form-scheme/customtable', formBody);
  const formVersion = (await db.selectFrom('form_schemes').select('current_version_id').where('id', '=', form).executeTakeFirstOrThrow()).current_version_id!;
  bodies.formRow = { formData: { F_Title: `${MARK} 行` } };
  const formRow = (dataOf(await t.send('POST', `/api/form-scheme/${form}/instance-form-list`, bodies.formRow, b), 'form row') as { primaryKey: string })
    .primaryKey;
  const relation = await post(
    '/api/form-relation',
    body('relation', {
      F_Name: `${MARK} 列表`,
      F_FormId: form,
      F_Setting: { columns: [{ field: 'F_Title' }], queryFields: [], buttons: ['add', 'edit', 'view', 'delete', 'print', 'export', 'import'] },
    }),
  );
  const relationRow = (dataOf(await t.send('POST', `/api/form-relation/${relation}/data`, bodies.formRow, b), 'relation row') as { primaryKey: string })
    .primaryKey;
  const dataRelation = newId();
  bodies.dataRelation = { F_FormId: form, F_Name: `${MARK} 联动`, F_SourceFormId: 2, F_TargetFormId: 3, F_FilterField: 'region' };
  dataOf(await t.send('PUT', `/api/data-relation/${dataRelation}`, bodies.dataRelation, b), 'data relation');

  // Workflow: a scheme approved by B's admin, one running instance with its task, a draft, a stamp, a delegation
  const scheme = await post(
    '/api/workflow-scheme-info',
    body('scheme', {
      F_Code: 'victimflow',
      F_Name: `${MARK} 流程`,
      xml: newModelXml('victimflow', `${MARK} 流程`, 'Approve', { candidates: [{ type: 'starter', ids: [] }] }),
    }),
  );
  const schemeVersion = (await db.selectFrom('wf_schemes').select('current_version_id').where('id', '=', scheme).executeTakeFirstOrThrow()).current_version_id!;
  const workflowRelation = await post(
    '/api/workflow-relation',
    body('workflowRelation', { F_SchemeInfoId: scheme, F_FormId: form, F_Type: 2, F_Name: `${MARK} 关联` }),
  );
  const instance = (
    dataOf(await t.send('POST', '/api/workflow-task/create-process', { schemeId: scheme, formValue: [] }, b), 'launch') as Record<string, unknown>
  ).processInstanceId as string | undefined;
  const instanceRow = await db.selectFrom('wf_instances').select('id').where('tenant_id', '=', tenant).executeTakeFirstOrThrow();
  const task = (
    await db
      .selectFrom('wf_tasks')
      .select('id')
      .where('instance_id', '=', instance ?? instanceRow.id)
      .executeTakeFirstOrThrow()
  ).id;
  const draft = await post('/api/workflow-task/saveOrEditTempfiledInfo', body('draft', { schemeId: scheme, name: `${MARK} 草稿`, formValue: [] }));
  const circulation = newId();
  await db
    .insertInto('wf_circulations')
    .values({ id: circulation, tenant_id: tenant, instance_id: instance ?? instanceRow.id, task_id: task, node_id: 'Approve', user_id: adminUser })
    .execute();
  const stamp = await post(
    '/api/stamps',
    body('stamp', { F_StampName: `${MARK} 印章`, F_StampType: '1', F_Password: 'pw-123', F_File_Type: 2, F_File: SIGNATURE, F_Description: MARK }),
  );
  const delegate = await post(
    '/api/workflow-Delegate',
    body('delegate', {
      F_DelegateUserId: user,
      F_DelegateUserName: 'x',
      F_SchemeIds: [],
      F_StartTime: '2030-01-01 00:00:00',
      F_EndTime: '2030-01-10 00:00:00',
      F_EnabledMark: 1,
      F_Description: MARK,
    }),
  );

  // A lead left on B's sign-in page (public, B's tenant code).
  const clue = dataOf(
    await t.app.inject({
      method: 'POST',
      url: '/api/login/add-clue',
      payload: { name: `${MARK} 线索`, email: 'victim@example.com', message: MARK, code: VICTIM_CODE },
    }),
    'clue',
  ) as { F_Id: string };
  const message = (await db.selectFrom('messages').select('id').where('tenant_id', '=', tenant).executeTakeFirstOrThrow()).id;
  // Operation logs are written after the answer: wait for one of B's.
  let log: string | undefined;
  for (let i = 0; i < 100 && !log; i++) {
    log = (await db.selectFrom('system_logs').select('id').where('tenant_id', '=', tenant).executeTakeFirst())?.id;
    if (!log) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const ids: Fixtures = {
    tenant,
    company,
    department,
    post: postId,
    role,
    user,
    adminUser,
    session,
    subsystem,
    dictionary,
    dictionaryCode: 'VictimDict',
    dictionaryDetail,
    language,
    translation,
    codeRule,
    log: log!,
    news,
    notice,
    schedule,
    message,
    clue: clue.F_Id,
    annexFolder: uploaded.FolderId,
    annexFile: uploaded.FileIds[0]!,
    folder,
    file,
    link,
    field: fieldId,
    report,
    dataSource,
    interface: interfaceId,
    form,
    formVersion,
    formAddress,
    formRow,
    relation,
    relationRow,
    dataRelation,
    scheme,
    schemeVersion,
    workflowRelation,
    instance: instance ?? instanceRow.id,
    task,
    draft,
    circulation,
    stamp,
    delegate,
  };
  return { attacker, victim: b, ids, bodies };
}
