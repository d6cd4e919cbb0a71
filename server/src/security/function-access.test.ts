import { DEFAULT_LINK_ID } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../core/auth/password.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { apiRoutes, inBatches, placeholderUrl, routeKey } from './routes.js';

/**
 * Function-level access: an ordinary signed-in user calls every route that declares a button permission
 * (`config: { permission }`) and is refused with 403, whatever the body. Routes without a declared permission are
 * classified here: SIGNED_IN (every signed-in user may call them; they answer the caller's own data or reference
 * data) or SERVICE_CHECKED (the service checks a button itself; the probe proves the ordinary user gets 403).
 * A new route that declares no permission and is in neither list fails the test: classify it here.
 */

/** Buttons the seeded 普通员工 role (zhangsan) holds: the routes needing them are called by the role-less user only. */
const STAFF_GRANTS = [
  'oa.files.add',
  'oa.files.delete',
  'oa.files.edit',
  'oa.files.list',
  'oa.news.list',
  'oa.notice.list',
  'oa.schedule.add',
  'oa.schedule.delete',
  'oa.schedule.edit',
  'oa.schedule.list',
  'workflow.delegate.add',
  'workflow.delegate.delete',
  'workflow.delegate.edit',
  'workflow.delegate.list',
];

const OWN = "the caller's own account or session";
const ORG = 'organisation trees and pickers every user needs (names only, own tenant)';
const READ = 'published items of the own tenant (readers see published ones only)';
const FILES = "attachments: the caller's own uploads, or those of records the caller may read";
const TASKS = "workflow: the caller's own launches, tasks, drafts and circulations (the engine checks who may act)";
const FORMS = "designed forms and published pages: the page's own menu grants (forms.app.<id>.<button>) are checked per request";
const STAMPS = 'stamps: the owner and the stamp managers decide (the service checks who may change a stamp)';
const EXCEL = "Excel templates on their bound screen: the template's menu entry must be granted to the caller (else 404); runs are the caller's own";

/** Every signed-in user may call these (the reason says why). */
export const SIGNED_IN: Record<string, string> = {
  'GET /api/user/getUserInfo': OWN,
  'POST /api/user_/getCurUserInfo': OWN,
  'PUT /api/users/:id/updatePassword': `${OWN} (another user's id is 403)`,
  'GET /api/users/:id/head-icon': 'head icons of the own tenant, shown next to names',
  'PUT /api/users/:id/head-icon': `${OWN} (another user's id is 403)`,
  'PUT /api/users/:id/profile': `${OWN} (another user's id is 403)`,
  'GET /api/modules/vue': "the caller's own menu",
  'GET /api/modules/common': "the caller's own menu",
  'GET /api/modules/other': "the caller's own menu",
  'GET /api/modules/current/authorized': "the caller's own grants",
  'GET /api/modules/all': 'the menu structure (entry, button and column names, no business data) the grant, tenant and language screens show',
  'GET /api/modules/:id/system': 'which system a menu entry belongs to (menu structure)',
  'GET /api/modules/:name/validate-url': 'whether a menu URL is taken (menu structure)',
  'GET /api/subsystem': 'the systems of the menu switcher',
  'POST /api/log/client': "the web client's own error reports",
  'GET /api/home/overview': 'home page counters of the own tenant',
  'GET /api/companies/tree': ORG,
  'GET /api/companies/departments/tree': ORG,
  'GET /api/companies/departments/users/tree': ORG,
  'GET /api/companies/:id/departments/tree': ORG,
  'GET /api/companies/:id/users': ORG,
  'GET /api/departments/:id/users': ORG,
  'GET /api/companies/:id/posts/tree': ORG,
  'GET /api/roles': ORG,
  'GET /api/users/multi/*': `${ORG}: names of the given user ids`,
  'POST /api/users/forget-password': 'answers that self-service reset is not offered',
  'GET /api/app-func': 'app functions (product-wide list)',
  'GET /api/app-func/:id': 'app functions (product-wide list)',
  'GET /api/areas/province': 'areas (product-wide reference data)',
  'GET /api/areas/:id/child': 'areas (product-wide reference data)',
  'GET /api/data-items/:key/detail': 'dictionary values for form fields',
  'GET /api/data-items/:key/detail/tree': 'dictionary values for form fields',
  'GET /api/data-items/:key/info': 'dictionary values for form fields',
  'GET /api/lg-type': 'the language switcher',
  'GET /api/code-rules/list': 'code rules for form fields',
  'GET /api/code-rules/:id/gen': 'the next code of a form field',
  'GET /api/news': READ,
  'GET /api/news/:id': READ,
  'GET /api/notice': READ,
  'GET /api/notice/:id': READ,
  'GET /api/oa/xjr-oa-message': "the caller's own messages",
  'PUT /api/oa/xjr-oa-message/readAllMessage/:type': "the caller's own messages",
  'PUT /api/oa/xjr-oa-message/:id': "the caller's own messages",
  'GET /api/oa/message-stream': "the caller's own message push stream",
  'POST /api/upload/': FILES,
  'POST /api/upload': FILES,
  'POST /api/upload/multiple-file-upload/': FILES,
  'POST /api/upload/multiple-file-upload': FILES,
  'POST /api/upload/:folderId': FILES,
  'POST /api/upload/multiple-file-upload/:folderId': FILES,
  'GET /api/annexes-files/url/:folderId': FILES,
  'GET /api/annexes-files/:id': FILES,
  'DELETE /api/annexes-files/:id': FILES,
  'GET /api/data-sources/:id/fields': 'data-source options of form fields',
  'GET /api/data-sources/:id/data': 'data-source options of form fields',
  'GET /api/data-sources/:id/data/': 'data-source options of form fields',
  'GET /api/data-sources/:id/tree': 'data-source options of form fields',
  'GET /api/data-sources/:id/columns/:col/data': 'data-source options of form fields',
  'GET /api/form-scheme': FORMS,
  'GET /api/form-scheme/systemform': FORMS,
  'GET /api/form-scheme/getBySchemeId/:versionId': FORMS,
  'GET /api/form-scheme/:id/info': FORMS,
  'GET /api/form-scheme/:id/field-options/:formId': FORMS,
  'POST /api/:address': `${FORMS}; address forms need forms.scheme.data`,
  'PUT /api/:address/:primaryKey': `${FORMS}; address forms need forms.scheme.data`,
  'GET /api/:address/:primaryKey': `${FORMS}; address forms need forms.scheme.data`,
  'DELETE /api/:address/:primaryKey': `${FORMS}; address forms need forms.scheme.data`,
  'GET /api/form-relation/:id/page-info': FORMS,
  'GET /api/data-condition/:id': FORMS,
  'GET /api/data-relation/form/:formId': FORMS,
  'GET /api/form-relation/:id/list': FORMS,
  'GET /api/form-relation/:id/data/:keyValue': FORMS,
  'POST /api/form-relation/:id/data': FORMS,
  'PUT /api/form-relation/:id/data/:keyValue': FORMS,
  'DELETE /api/form-relation/:id/data/:keyValue': FORMS,
  'GET /api/form-relation/:id/print/:keyValue': FORMS,
  'GET /api/form-relation/:id/export': FORMS,
  'GET /api/form-relation/:id/import-template': FORMS,
  'POST /api/form-relation/:id/import': FORMS,
  'POST /api/form-print/pdf': 'PDF of a print view the caller may open',
  'GET /api/workflow-scheme-info/launchable': 'the flows the caller may launch',
  'GET /api/workflow-Auth/auth-user/:nwfSchemeInfoId': 'who may launch a flow (launch dialog)',
  'GET /api/workflow-relation/formInfo': 'the forms of a flow (launch dialog)',
  'POST /api/workflow-task/create-process': TASKS,
  'POST /api/workflow-task/create-processform': TASKS,
  'POST /api/workflow-task/task-handle': TASKS,
  'POST /api/workflow-task/recall-process': TASKS,
  'POST /api/workflow-task/reinitiate-process': TASKS,
  'POST /api/workflow-task/signature': TASKS,
  'GET /api/workflow-task/signature-users': TASKS,
  'PUT /api/workflow-task/change-candidate': TASKS,
  'POST /api/workflow-task/transfer': TASKS,
  'POST /api/workflow-task/again-candidate': TASKS,
  'DELETE /api/workflow-task/to-recyclebin/:id': TASKS,
  'POST /api/workflow-task/restore-recyclebin/:id': TASKS,
  'DELETE /api/workflow-task/delete-processinstance/:id': TASKS,
  'POST /api/workflow-task/saveOrEditTempfiledInfo': TASKS,
  'GET /api/workflow-task/getTempfiledInfoList': TASKS,
  'DELETE /api/workflow-task/delete-tempfiledInfo/:id': TASKS,
  'GET /api/workflow-task/upcoming-task': TASKS,
  'GET /api/workflow-task/history-task': TASKS,
  'GET /api/workflow-task/my-task': TASKS,
  'GET /api/workflow-task/recycle-task': TASKS,
  'GET /api/workflow-task/manual-task': TASKS,
  'POST /api/workflow-task/circulation-read/:id': TASKS,
  'GET /api/workflow-task/counts': TASKS,
  'GET /api/workflow-task/relationTask': TASKS,
  'GET /api/workflow-task/task-form': TASKS,
  'GET /api/workflow-task/history-taskList': TASKS,
  'GET /api/workflow-task/node-info': TASKS,
  'GET /api/workflow-task/get-manualinfo': TASKS,
  'GET /api/workflow-task/task-attachments': TASKS,
  'GET /api/workflow-task/getAnnexInfo': TASKS,
  'GET /api/workflow-task/relationTask-Info': TASKS,
  'GET /api/workflow-task/getTaskInfo': TASKS,
  'GET /api/workflow-task/candidate-users': TASKS,
  'GET /api/workflow-task/get-taskcanditeusers/taskId=:id': TASKS,
  'GET /api/workflow-task/validate-signation': TASKS,
  'POST /api/workflow-task/validate-signation': TASKS,
  'GET /api/workflow-task/view-process-url': TASKS,
  'GET /api/stamps': STAMPS,
  'GET /api/stamps/stamp-img': STAMPS,
  'POST /api/stamps': STAMPS,
  'PATCH /api/stamps/set-manager': STAMPS,
  'PUT /api/stamps/:id': STAMPS,
  'DELETE /api/stamps/:id': STAMPS,
  'PATCH /api/stamps/:id/enable': STAMPS,
  'PATCH /api/stamps/:id/not-enabled': STAMPS,
  'GET /api/stamps/:id/manager': STAMPS,
  'GET /api/stamps/:id/member': STAMPS,
  'PUT /api/stamps/:id/member': STAMPS,
  'GET /api/stamps/:id/maintain': STAMPS,
  'PUT /api/stamps/:id/maintain': STAMPS,
  'GET /api/excel-import/module/:moduleId': EXCEL,
  'GET /api/excel-import/download/:a/:b': EXCEL,
  'GET /api/excel-import/:id/runs/:runId': EXCEL,
  'GET /api/excel-import/:id/runs/:runId/errors': EXCEL,
  'POST /api/excel-import/:id/import': EXCEL,
  'GET /api/excel-export/:id/file': EXCEL,
  'GET /api/excel-export/progress/:progressId': "the caller's own export in flight (kept per user)",
};

interface Ctx {
  role: string;
  department: string;
  company: string;
}
type Probe = (c: Ctx) => { url: string; body?: unknown };

/** The service checks a button itself (it depends on the body or the object): an ordinary user's probe is a 403. */
export const SERVICE_CHECKED: Record<string, Probe> = {
  'GET /api/authorizes/:objectType/:objectId': (c) => ({ url: `/api/authorizes/1/${c.role}` }),
  'POST /api/authorizes': (c) => ({ url: '/api/authorizes', body: { objectId: c.role, objectType: 1, itemJson: { moduleIds: [] } } }),
  'POST /api/authorizes/app': (c) => ({ url: '/api/authorizes/app', body: { objectId: c.role, objectType: 1, itemJson: [] } }),
  'GET /api/data-authorize/:objectType/:objectId/menu': (c) => ({ url: `/api/data-authorize/1/${c.role}/menu` }),
  'PUT /api/data-authorize/': (c) => ({ url: '/api/data-authorize/', body: { objectId: c.role, objectType: 1, items: [] } }),
  'POST /api/special-post': (c) => ({ url: '/api/special-post', body: { postList: [], F_Type: '2', F_ObjectId: c.department } }),
  'GET /api/special-post': (c) => ({ url: `/api/special-post?type=1&objectId=${c.company}` }),
  'GET /api/database-links/test': () => ({ url: `/api/database-links/test?id=${DEFAULT_LINK_ID}` }),
  // A scheduled task's update, or an import template's (the spec's client sends both here): each checks its own button.
  'PUT /api/task-scheduling/:id': () => ({ url: '/api/task-scheduling/any-id', body: {} }),
  'GET /api/crud/list': () => ({ url: `/api/crud/list?linkId=${DEFAULT_LINK_ID}&tableName=x` }),
  'POST /api/crud/add': () => ({ url: '/api/crud/add', body: { linkId: DEFAULT_LINK_ID, tableName: 'x', data: {} } }),
  'PUT /api/crud/update': () => ({ url: '/api/crud/update', body: { linkId: DEFAULT_LINK_ID, tableName: 'x', id: '1', data: {} } }),
  'DELETE /api/crud/delete': () => ({ url: `/api/crud/delete?linkId=${DEFAULT_LINK_ID}&tableName=x&id=1` }),
  'PATCH /api/stamps/:id/set-default': () => ({ url: '/api/stamps/x/set-default' }),
  'GET /api/excel-import/target-fields': () => ({ url: `/api/excel-import/target-fields?F_TargetKind=table&F_DbId=${DEFAULT_LINK_ID}&F_TableName=x` }),
  // Report folders and lists serve three screens: any of their list buttons.
  'GET /api/reports-file-info/tree': () => ({ url: '/api/reports-file-info/tree' }),
  'GET /api/reports-file': () => ({ url: '/api/reports-file' }),
  'GET /api/report-info/tree': () => ({ url: '/api/report-info/tree' }),
  'GET /api/report-info/:id': () => ({ url: '/api/report-info/any-id' }),
  // Viewing a report: a release's view button (export: its export button), or report.design.preview.
  'GET /api/report-view/:id/meta': () => ({ url: '/api/report-view/any-id/meta' }),
  'GET /api/report-view/release/:id/meta': () => ({ url: '/api/report-view/release/any-id/meta' }),
  'POST /api/report-view/:id/pages': () => ({ url: '/api/report-view/any-id/pages', body: { params: {} } }),
  'POST /api/report-view/:id/export': () => ({ url: '/api/report-view/any-id/export', body: { params: {}, format: 'xlsx' } }),
};

let t: TestApp;
let staff: string;
let roleless: string;
let ctx: Ctx;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login('admin');
  staff = await t.login('zhangsan');
  const created = await t.send('POST', '/api/users', { F_Account: 'norole', F_RealName: '无角色', F_Password: md5Hex('NoRole@123') }, admin);
  expect(created.json().code).toBe(0);
  roleless = await t.login('norole', 'NoRole@123');
  const db = t.deps.db;
  ctx = {
    role: (await db.selectFrom('roles').select('id').where('tenant_id', '=', 'default').where('en_code', '=', 'staff').executeTakeFirstOrThrow()).id,
    department: (await db.selectFrom('departments').select('id').where('tenant_id', '=', 'default').limit(1).executeTakeFirstOrThrow()).id,
    company: (await db.selectFrom('companies').select('id').where('tenant_id', '=', 'default').limit(1).executeTakeFirstOrThrow()).id,
  };
});
afterAll(() => t.close());

const body = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

describe('function-level access of an ordinary user', () => {
  it('every signed-in route declares a permission or is classified, and the lists have no stale entries', () => {
    const routes = apiRoutes(t).filter((r) => !r.isPublic);
    const keys = new Set(routes.map(routeKey));
    const unclassified = routes.filter((r) => !r.permission && !(routeKey(r) in SIGNED_IN) && !(routeKey(r) in SERVICE_CHECKED)).map(routeKey);
    expect(unclassified, 'routes without a permission: add them to SIGNED_IN or SERVICE_CHECKED (server/src/security/function-access.test.ts)').toEqual([]);
    const doubly = routes.filter((r) => r.permission && (routeKey(r) in SIGNED_IN || routeKey(r) in SERVICE_CHECKED)).map(routeKey);
    expect(doubly, 'routes that declare a permission need no entry').toEqual([]);
    expect(
      [...Object.keys(SIGNED_IN), ...Object.keys(SERVICE_CHECKED)].filter((k) => !keys.has(k)),
      'entries without a route',
    ).toEqual([]);
  });

  it('the ordinary user holds exactly the documented buttons', async () => {
    const user = await t.deps.db.selectFrom('users').select(['id', 'tenant_id']).where('account', '=', 'zhangsan').executeTakeFirstOrThrow();
    expect([...(await t.deps.grants.of(user.tenant_id, user.id)).permissions].sort()).toEqual([...STAFF_GRANTS].sort());
  });

  it('every route with a permission answers 403 to an ordinary user (and to a user without roles), whatever the body', async () => {
    const guarded = apiRoutes(t).filter((r) => r.permission);
    expect(guarded.length).toBeGreaterThan(150);
    const calls = guarded.flatMap((r) => [
      ...(STAFF_GRANTS.includes(r.permission!) ? [] : [{ route: r, token: staff, who: 'zhangsan' }]),
      { route: r, token: roleless, who: 'norole' },
    ]);
    const failures: string[] = [];
    await inBatches(calls, 4, async ({ route, token, who }) => {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: placeholderUrl(route.url),
        headers: { authorization: `Bearer ${token}` },
        payload: body(route.method),
      });
      const answer = res.json() as { code: number; success: boolean; msg: string };
      if (res.statusCode !== 403 || answer.code !== 10403 || answer.success !== false || !answer.msg.includes(route.permission!)) {
        failures.push(`${routeKey(route)} as ${who}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    });
    expect(failures).toEqual([]);
  });

  it('routes whose service checks the button refuse the ordinary user with 403', async () => {
    const failures: string[] = [];
    for (const [key, probe] of Object.entries(SERVICE_CHECKED)) {
      const method = key.split(' ')[0] as 'GET';
      const { url, body: payload } = probe(ctx);
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${staff}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (res.statusCode !== 403 || res.json().code !== 10403) failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refusal comes before the body is read: a 2 MB body to an admin route is a 403, not a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ F_Account: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 10403, success: false, data: null, msg: 'You do not have permission for this action (organisation.user.add)' });
  });
});
