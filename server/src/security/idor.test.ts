import { DEFAULT_LINK_ID } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../core/auth/password.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../test/harness.js';
import { multipartBody } from '../test/multipart.js';
import { MARK, PNG, twoTenants, type Fixtures, type TwoTenants } from './two-tenants.js';
import { apiRoutes, inBatches, routeKey } from './routes.js';
import { moduleSecurity, type Attack } from './module-security.js';

/**
 * The IDOR matrix: the default tenant's administrator (every button, and platform rights) calls every
 * route with a path parameter using the ids of tenant B's records. No answer may be a success carrying B's data,
 * and nothing of B's may change.
 *
 * IDOR maps "METHOD /pattern" to the request that attacks it with B's ids (bodies are B's own valid bodies with
 * the marker replaced, so a request that got through would show in the snapshot), or to an exemption with the
 * reason. A route with a path parameter that is in neither fails the test: add it here when you add the route.
 * Routes without path parameters that take an id in the query or body may be listed as well. A module may instead
 * keep its attacks in its own folder (`modules/<name>/security.ts`, see module-security.ts); they join this table.
 */
type Entry = ((f: Fixtures, bodies: TwoTenants['bodies']) => Attack) | { exempt: string };

const altered = (body: Record<string, unknown> | undefined): Record<string, unknown> => JSON.parse(JSON.stringify(body ?? {}).replaceAll(MARK, 'ATTACKED'));
const TENANT_ADMIN = 'platform administration: the default tenant manages every tenant by design (requirePlatform)';
const SHARED = 'product-wide data (no tenant): every tenant reads it, only the platform changes it';

export const IDOR: Record<string, Entry> = {
  // Sign-in (public): a phone number and a tenant code, not records
  'GET /api/login/send/:phone': { exempt: 'public SMS send: a phone number, answered the same for every number' },
  'GET /api/login/:id': { exempt: 'public tenant-code check: tells only whether a tenant code is usable for sign-in' },
  // Own account
  'PUT /api/users/:id/updatePassword': (f) => ({
    url: `/api/users/${f.user}/updatePassword`,
    body: { oldPassword: md5Hex('Victim@1'), newPassword: md5Hex('Stolen@1') },
  }),
  'GET /api/users/:id/head-icon': (f) => ({ url: `/api/users/${f.user}/head-icon` }),
  'PUT /api/users/:id/head-icon': (f) => ({ url: `/api/users/${f.user}/head-icon`, body: { F_HeadIcon: PNG } }),
  'PUT /api/users/:id/profile': (f) => ({ url: `/api/users/${f.user}/profile`, body: { F_RealName: 'ATTACKED', F_Gender: 1 } }),
  'DELETE /api/online-users/:id': (f) => ({ url: `/api/online-users/${f.session}` }),
  // Organisation
  'GET /api/companies/:id/departments/tree': (f) => ({ url: `/api/companies/${f.company}/departments/tree` }),
  'GET /api/companies/:id/users': (f) => ({ url: `/api/companies/${f.company}/users` }),
  'GET /api/companies/:id': (f) => ({ url: `/api/companies/${f.company}` }),
  'PUT /api/companies/:id': (f, b) => ({ url: `/api/companies/${f.company}`, body: altered(b.company) }),
  'DELETE /api/companies/:id': (f) => ({ url: `/api/companies/${f.company}` }),
  'GET /api/departments/:id': (f) => ({ url: `/api/departments/${f.department}` }),
  'PUT /api/departments/:id': (f, b) => ({ url: `/api/departments/${f.department}`, body: altered(b.department) }),
  'DELETE /api/departments/:id': (f) => ({ url: `/api/departments/${f.department}` }),
  'GET /api/departments/:id/users': (f) => ({ url: `/api/departments/${f.department}/users` }),
  'GET /api/departments/:id/maintenance-users': (f) => ({ url: `/api/departments/${f.department}/maintenance-users` }),
  'PUT /api/departments/:id/maintenance-users': (f) => ({ url: `/api/departments/${f.department}/maintenance-users`, body: { userIds: [] } }),
  'GET /api/companies/:id/posts/tree': (f) => ({ url: `/api/companies/${f.company}/posts/tree` }),
  'PUT /api/posts/:id': (f, b) => ({ url: `/api/posts/${f.post}`, body: altered(b.post) }),
  'DELETE /api/posts/:id': (f) => ({ url: `/api/posts/${f.post}` }),
  'GET /api/posts/:id/users': (f) => ({ url: `/api/posts/${f.post}/users` }),
  'POST /api/posts/users': (f) => ({ url: '/api/posts/users', body: { F_PostId: f.post, userIds: [] } }),
  'POST /api/roles/users': (f) => ({ url: '/api/roles/users', body: { F_RoleId: f.role, userIds: [] } }),
  'POST /api/departments/users': (f) => ({ url: '/api/departments/users', body: { F_DepartmentId: f.department, userIds: [] } }),
  'GET /api/companies/:id/special-post': (f) => ({ url: `/api/companies/${f.company}/special-post` }),
  'GET /api/departments/:id/special-post': (f) => ({ url: `/api/departments/${f.department}/special-post` }),
  'GET /api/roles/:id': (f) => ({ url: `/api/roles/${f.role}` }),
  'PUT /api/roles/:id': (f, b) => ({ url: `/api/roles/${f.role}`, body: altered(b.role) }),
  'DELETE /api/roles/:id': (f) => ({ url: `/api/roles/${f.role}` }),
  'GET /api/roles/:id/users': (f) => ({ url: `/api/roles/${f.role}/users` }),
  'GET /api/roles/:id/permission': (f) => ({ url: `/api/roles/${f.role}/permission` }),
  'GET /api/users/multi/*': (f) => ({ url: `/api/users/multi/${f.user},${f.adminUser}`, empty: true }),
  'GET /api/users/:id': (f) => ({ url: `/api/users/${f.user}` }),
  'PUT /api/users/:id': (f, b) => ({ url: `/api/users/${f.user}`, body: altered({ ...b.user, F_Password: undefined }) }),
  'DELETE /api/users/:id': (f) => ({ url: `/api/users/${f.user}` }),
  'PATCH /api/users/:id/enabled': (f) => ({ url: `/api/users/${f.user}/enabled`, body: { F_EnabledMark: 0 } }),
  'PATCH /api/users/:id/password': (f) => ({ url: `/api/users/${f.user}/password`, body: { newPassword: md5Hex('Stolen@1') } }),
  'GET /api/users/:id/permission': (f) => ({ url: `/api/users/${f.user}/permission` }),
  // Menus and grants
  'GET /api/modules/all/:tenantId': { exempt: TENANT_ADMIN },
  'GET /api/modules/buttons/:id': { exempt: SHARED },
  'GET /api/modules/columns/:id': { exempt: SHARED },
  'GET /api/modules/fomrs/:id': { exempt: SHARED },
  'GET /api/modules/:id': { exempt: SHARED },
  'GET /api/modules/:id/system': { exempt: SHARED },
  'GET /api/modules/:name/validate-url': { exempt: `${SHARED} (a URL, answered free or taken)` },
  'PUT /api/modules/:id': { exempt: SHARED },
  'DELETE /api/modules/:id': { exempt: SHARED },
  'GET /api/authorizes/:objectType/:objectId': (f) => ({ url: `/api/authorizes/1/${f.role}` }),
  'POST /api/authorizes': (f) => ({ url: '/api/authorizes', body: { objectId: f.role, objectType: 1, itemJson: { moduleIds: [] } } }),
  'GET /api/app-func/:id': { exempt: SHARED },
  'GET /api/data-authorize/:objectType/:objectId/menu': (f) => ({ url: `/api/data-authorize/2/${f.user}/menu` }),
  // Tenants
  'PUT /api/tenant/:id': { exempt: TENANT_ADMIN },
  'DELETE /api/tenant/:id': { exempt: TENANT_ADMIN },
  'PATCH /api/tenant/:id/:status': { exempt: TENANT_ADMIN },
  'GET /api/tenant/:id/users': { exempt: TENANT_ADMIN },
  'PATCH /api/tenant/user/:id': { exempt: TENANT_ADMIN },
  'DELETE /api/tenant/user/:id': { exempt: TENANT_ADMIN },
  // System
  'PUT /api/subsystem/:id': (f, b) => ({ url: `/api/subsystem/${f.subsystem}`, body: altered(b.subsystem) }),
  'DELETE /api/subsystem/:id': (f) => ({ url: `/api/subsystem/${f.subsystem}` }),
  'GET /api/areas/:id/child': { exempt: SHARED },
  'PUT /api/areas/:id': { exempt: SHARED },
  'DELETE /api/areas/:id': { exempt: SHARED },
  'PUT /api/data-items/:id': (f, b) => ({ url: `/api/data-items/${f.dictionary}`, body: altered(b.dictionary) }),
  'DELETE /api/data-items/:id': (f) => ({ url: `/api/data-items/${f.dictionary}` }),
  'GET /api/data-items/:key/detail': (f) => ({ url: `/api/data-items/${f.dictionaryCode}/detail` }),
  'GET /api/data-items/:key/detail/tree': (f) => ({ url: `/api/data-items/${f.dictionaryCode}/detail/tree` }),
  'GET /api/data-items/:key/info': (f) => ({ url: `/api/data-items/${f.dictionaryCode}/info` }),
  'PUT /api/data-item-detail/:id': (f, b) => ({ url: `/api/data-item-detail/${f.dictionaryDetail}`, body: altered(b.dictionaryDetail) }),
  'DELETE /api/data-item-detail/:id': (f) => ({ url: `/api/data-item-detail/${f.dictionaryDetail}` }),
  'PUT /api/lg-type/:id': (f, b) => ({ url: `/api/lg-type/${f.language}`, body: altered(b.language) }),
  'PATCH /api/lg-type/:id': (f) => ({ url: `/api/lg-type/${f.language}`, body: {} }),
  'DELETE /api/lg-type/:id': (f) => ({ url: `/api/lg-type/${f.language}` }),
  'GET /api/lp-map/object/:id': (f) => ({ url: `/api/lp-map/object/${f.translation}` }),
  'PATCH /api/lp-map/object/:id': (f) => ({ url: `/api/lp-map/object/${f.translation}`, body: { translations: { en: 'ATTACKED' } } }),
  'DELETE /api/lp-map/object/:id': (f) => ({ url: `/api/lp-map/object/${f.translation}` }),
  'PUT /api/code-rules/:id': (f, b) => ({ url: `/api/code-rules/${f.codeRule}`, body: altered(b.codeRule) }),
  'DELETE /api/code-rules/:id': (f) => ({ url: `/api/code-rules/${f.codeRule}` }),
  'GET /api/code-rules/:id/gen': (f) => ({ url: `/api/code-rules/${f.codeRule}/gen` }),
  // A category, not a record: clears the caller's own tenant's logs.
  'DELETE /api/log/clear/:category': () => ({ url: '/api/log/clear/2', ownTenant: true }),
  'DELETE /api/log/:id': (f) => ({ url: `/api/log/${f.log}` }),
  // Office
  'GET /api/news/:id': (f) => ({ url: `/api/news/${f.news}` }),
  'PUT /api/news/:id': (f, b) => ({ url: `/api/news/${f.news}`, body: altered(b.news) }),
  'DELETE /api/news/:id': (f) => ({ url: `/api/news/${f.news}` }),
  'PUT /api/news/changeStatus': (f) => ({ url: `/api/news/changeStatus?id=${f.news}&status=0` }),
  'GET /api/notice/:id': (f) => ({ url: `/api/notice/${f.notice}` }),
  'PUT /api/notice/:id': (f, b) => ({ url: `/api/notice/${f.notice}`, body: altered(b.notice) }),
  'DELETE /api/notice/:id': (f) => ({ url: `/api/notice/${f.notice}` }),
  // Leads left on a sign-in page
  'PUT /api/clue/:id/handled': (f) => ({ url: `/api/clue/${f.clue}/handled` }),
  'DELETE /api/clue/:id': (f) => ({ url: `/api/clue/${f.clue}` }),
  'PUT /api/oa-schedule/:id': (f, b) => ({ url: `/api/oa-schedule/${f.schedule}`, body: altered({ ...b.schedule, F_Participants: [] }) }),
  'DELETE /api/oa-schedule/:id': (f) => ({ url: `/api/oa-schedule/${f.schedule}` }),
  // A message type, not a record: marks the caller's own messages read.
  'PUT /api/oa/xjr-oa-message/readAllMessage/:type': () => ({ url: '/api/oa/xjr-oa-message/readAllMessage/10', ownTenant: true }),
  'PUT /api/oa/xjr-oa-message/:id': (f) => ({ url: `/api/oa/xjr-oa-message/${f.message}` }),
  // Files
  'POST /api/upload/:folderId': (f) => ({ url: `/api/upload/${f.annexFolder}`, upload: true }),
  'POST /api/upload/multiple-file-upload/:folderId': (f) => ({ url: `/api/upload/multiple-file-upload/${f.folder}?purpose=file-manager`, upload: true }),
  'GET /api/annexes-files/url/:folderId': (f) => ({ url: `/api/annexes-files/url/${f.annexFolder}` }),
  'GET /api/annexes-files/:id': (f) => ({ url: `/api/annexes-files/${f.annexFile}` }),
  'DELETE /api/annexes-files/:id': (f) => ({ url: `/api/annexes-files/${f.annexFile}` }),
  // Public, signed: without B's signature the attacker's token does not open it.
  'GET /api/files/:id': (f) => ({ url: `/api/files/${f.annexFile}?sig=forgedsignature0` }),
  'GET /api/file-manager/getFileByParentId/:id': (f) => ({ url: `/api/file-manager/getFileByParentId/${f.folder}` }),
  'DELETE /api/file-manager/logicDelete/:id': (f) => ({ url: `/api/file-manager/logicDelete/${f.file}` }),
  'PUT /api/file-manager/restoreFile/:id': (f) => ({ url: `/api/file-manager/restoreFile/${f.file}` }),
  'DELETE /api/file-manager/Delete/:id': (f) => ({ url: `/api/file-manager/Delete/${f.file}` }),
  'GET /api/file-manager/reviewFile/:id': (f) => ({ url: `/api/file-manager/reviewFile/${f.file}` }),
  'GET /api/file-manager/EditFile/:id': (f) => ({ url: `/api/file-manager/EditFile/${f.file}` }),
  'PUT /api/file-manager/EditFile/:id': (f) => ({ url: `/api/file-manager/EditFile/${f.file}`, body: { content: 'ATTACKED' } }),
  'PUT /api/file-manager/updateFileName': (f) => ({ url: `/api/file-manager/updateFileName?id=${f.file}&name=ATTACKED.txt` }),
  'PUT /api/file-manager/removeFile': (f) => ({ url: `/api/file-manager/removeFile?id=${f.file}` }),
  // Data
  'PUT /api/database-links/:id': (f) => ({
    url: `/api/database-links/${f.link}`,
    body: { F_DBAlias: 'ATTACKED', F_DbType: 'postgresql', F_ServerAddress: '192.0.2.1', F_Port: 5432, F_DBName: 'victim', F_UserName: 'victim' },
  }),
  'DELETE /api/database-links/:id': (f) => ({ url: `/api/database-links/${f.link}` }),
  'PATCH /api/database-links/:id/task-writable': (f) => ({ url: `/api/database-links/${f.link}/task-writable`, body: { F_TaskWritable: 1 } }),
  'GET /api/database-links/:id/tables': (f) => ({ url: `/api/database-links/${f.link}/tables` }),
  'GET /api/database-links/:id/tables/page': (f) => ({ url: `/api/database-links/${f.link}/tables/page` }),
  'GET /api/database-links/:id/tables/:table/columns': (f) => ({ url: `/api/database-links/${f.link}/tables/victim_orders/columns` }),
  'GET /api/database-links/:id/tables/:table/datas': (f) => ({ url: `/api/database-links/${f.link}/tables/victim_orders/datas` }),
  'GET /api/database-links/:id/datas': (f) => ({ url: `/api/database-links/${f.link}/datas?sql=${encodeURIComponent('select 1')}` }),
  'GET /api/database-links/:id/fields': (f) => ({ url: `/api/database-links/${f.link}/fields?sql=${encodeURIComponent('select 1')}` }),
  'GET /api/database-links/:id/tree': (f) => ({
    url: `/api/database-links/${f.link}/tree?sql=${encodeURIComponent('select 1 as id, 0 as pid')}&idField=id&parentField=pid`,
  }),
  'GET /api/database-links/:id/validate-tablename': (f) => ({ url: `/api/database-links/${f.link}/validate-tablename?tableNames=x` }),
  'GET /api/database-links/:id/columns/:col/data': (f) => ({ url: `/api/database-links/${f.link}/columns/n/data?sql=${encodeURIComponent('select 1 as n')}` }),
  'GET /api/database-field/:id': (f) => ({ url: `/api/database-field/${f.field}` }),
  'PUT /api/database-field/:id': (f, b) => ({ url: `/api/database-field/${f.field}`, body: altered(b.field) }),
  'DELETE /api/database-field/:id': (f) => ({ url: `/api/database-field/${f.field}` }),
  'GET /api/reports-relation/:id': (f) => ({ url: `/api/reports-relation/${f.report}` }),
  'PUT /api/reports-relation/:id': (f, b) => ({ url: `/api/reports-relation/${f.report}`, body: altered(b.report) }),
  'DELETE /api/reports-relation/:id': (f) => ({ url: `/api/reports-relation/${f.report}` }),
  'PUT /api/data-sources/:id': (f, b) => ({ url: `/api/data-sources/${f.dataSource}`, body: altered(b.dataSource) }),
  'DELETE /api/data-sources/:id': (f) => ({ url: `/api/data-sources/${f.dataSource}` }),
  'GET /api/data-sources/:id/fields': (f) => ({ url: `/api/data-sources/${f.dataSource}/fields` }),
  'GET /api/data-sources/:id/data': (f) => ({ url: `/api/data-sources/${f.dataSource}/data` }),
  'GET /api/data-sources/:id/data/': (f) => ({ url: `/api/data-sources/${f.dataSource}/data/` }),
  'GET /api/data-sources/:id/tree': (f) => ({ url: `/api/data-sources/${f.dataSource}/tree` }),
  'GET /api/data-sources/:id/columns/:col/data': (f) => ({ url: `/api/data-sources/${f.dataSource}/columns/label/data` }),
  'GET /api/interface/:id': (f) => ({ url: `/api/interface/${f.interface}` }),
  'PUT /api/interface/:id': (f, b) => ({ url: `/api/interface/${f.interface}`, body: altered(b.interface) }),
  'DELETE /api/interface/:id': (f) => ({ url: `/api/interface/${f.interface}` }),
  'POST /api/interface/:id/test': (f) => ({ url: `/api/interface/${f.interface}/test`, body: {} }),
  // Forms
  'GET /api/form-scheme/getBySchemeId/:versionId': (f) => ({ url: `/api/form-scheme/getBySchemeId/${f.formVersion}` }),
  'GET /api/form-scheme/:id': (f) => ({ url: `/api/form-scheme/${f.form}` }),
  'GET /api/form-scheme/:id/info': (f) => ({ url: `/api/form-scheme/${f.form}/info` }),
  'GET /api/form-scheme/:id/history': (f) => ({ url: `/api/form-scheme/${f.form}/history` }),
  'POST /api/form-scheme/:id/history/:versionId/restore': (f) => ({ url: `/api/form-scheme/${f.form}/history/${f.formVersion}/restore` }),
  'PUT /api/form-scheme/:id': (f, b) => ({ url: `/api/form-scheme/${f.form}`, body: altered({ F_Name: b.form!.F_Name, F_Scheme: b.form!.F_Scheme }) }),
  'PUT /api/form-scheme/customtable/:id': (f, b) => ({ url: `/api/form-scheme/customtable/${f.form}`, body: altered(b.form) }),
  'DELETE /api/form-scheme/:id': (f) => ({ url: `/api/form-scheme/${f.form}` }),
  'PATCH /api/form-scheme/:id/set-enable/:value': (f) => ({ url: `/api/form-scheme/${f.form}/set-enable/0` }),
  'PATCH /api/form-scheme/:id/set-default/:value': (f) => ({ url: `/api/form-scheme/${f.form}/set-default/1` }),
  'GET /api/form-scheme/:id/field-options/:formId': (f) => ({ url: `/api/form-scheme/${f.form}/field-options/2` }),
  'POST /api/form-scheme/:id/instance-form-list': (f, b) => ({ url: `/api/form-scheme/${f.form}/instance-form-list`, body: altered(b.formRow) }),
  'PUT /api/form-scheme/:id/instance-form-list/:primaryKey': (f, b) => ({
    url: `/api/form-scheme/${f.form}/instance-form-list/${f.formRow}`,
    body: altered(b.formRow),
  }),
  'GET /api/form-scheme/:id/instance-form-list/:primaryKey': (f) => ({ url: `/api/form-scheme/${f.form}/instance-form-list/${f.formRow}` }),
  'DELETE /api/form-scheme/:id/instance-form-list/:primaryKey': (f) => ({ url: `/api/form-scheme/${f.form}/instance-form-list/${f.formRow}` }),
  'POST /api/:address': (f, b) => ({ url: `/api/${f.formAddress}`, body: altered(b.formRow) }),
  'PUT /api/:address/:primaryKey': (f, b) => ({ url: `/api/${f.formAddress}/${f.formRow}`, body: altered(b.formRow) }),
  'GET /api/:address/:primaryKey': (f) => ({ url: `/api/${f.formAddress}/${f.formRow}` }),
  'DELETE /api/:address/:primaryKey': (f) => ({ url: `/api/${f.formAddress}/${f.formRow}` }),
  'GET /api/form-relation/:id': (f) => ({ url: `/api/form-relation/${f.relation}` }),
  'PUT /api/form-relation/:id': (f, b) => ({ url: `/api/form-relation/${f.relation}`, body: altered(b.relation) }),
  'DELETE /api/form-relation/:id': (f) => ({ url: `/api/form-relation/${f.relation}` }),
  'GET /api/form-relation/:id/page-info': (f) => ({ url: `/api/form-relation/${f.relation}/page-info` }),
  'GET /api/data-condition/:id': (f) => ({ url: `/api/data-condition/${f.relation}` }),
  'PUT /api/data-condition/:id': (f) => ({ url: `/api/data-condition/${f.relation}`, body: { conditions: [] } }),
  'GET /api/data-relation/form/:formId': (f) => ({ url: `/api/data-relation/form/${f.form}` }),
  'PUT /api/data-relation/:id': (f, b) => ({ url: `/api/data-relation/${f.dataRelation}`, body: altered(b.dataRelation) }),
  'DELETE /api/data-relation/:id': (f) => ({ url: `/api/data-relation/${f.dataRelation}` }),
  'GET /api/form-relation/:id/list': (f) => ({ url: `/api/form-relation/${f.relation}/list` }),
  'GET /api/form-relation/:id/data/:keyValue': (f) => ({ url: `/api/form-relation/${f.relation}/data/${f.relationRow}` }),
  'POST /api/form-relation/:id/data': (f, b) => ({ url: `/api/form-relation/${f.relation}/data`, body: altered(b.formRow) }),
  'PUT /api/form-relation/:id/data/:keyValue': (f, b) => ({ url: `/api/form-relation/${f.relation}/data/${f.relationRow}`, body: altered(b.formRow) }),
  'DELETE /api/form-relation/:id/data/:keyValue': (f) => ({ url: `/api/form-relation/${f.relation}/data/${f.relationRow}` }),
  'GET /api/form-relation/:id/print/:keyValue': (f) => ({ url: `/api/form-relation/${f.relation}/print/${f.relationRow}` }),
  'GET /api/form-relation/:id/export': (f) => ({ url: `/api/form-relation/${f.relation}/export` }),
  'GET /api/form-relation/:id/import-template': (f) => ({ url: `/api/form-relation/${f.relation}/import-template` }),
  'POST /api/form-relation/:id/import': (f) => ({ url: `/api/form-relation/${f.relation}/import`, upload: true }),
  // Workflow
  'GET /api/workflow-scheme-info/info/:id': (f) => ({ url: `/api/workflow-scheme-info/info/${f.scheme}` }),
  'PUT /api/workflow-scheme-info/:id': (f, b) => ({ url: `/api/workflow-scheme-info/${f.scheme}`, body: altered(b.scheme) }),
  'DELETE /api/workflow-scheme-info/:id': (f) => ({ url: `/api/workflow-scheme-info/${f.scheme}` }),
  'PATCH /api/workflow-scheme-info/:id/start': (f) => ({ url: `/api/workflow-scheme-info/${f.scheme}/start` }),
  'PATCH /api/workflow-scheme-info/:id/stop': (f) => ({ url: `/api/workflow-scheme-info/${f.scheme}/stop` }),
  'POST /api/workflow-scheme-info/:id/publish': (f) => ({ url: `/api/workflow-scheme-info/${f.scheme}/publish` }),
  'PATCH /api/workflow-scheme-info/:id/current-version': (f) => ({ url: `/api/workflow-scheme-info/${f.scheme}/current-version?versionId=${f.schemeVersion}` }),
  'GET /api/workflow-Auth/auth-user/:nwfSchemeInfoId': (f) => ({ url: `/api/workflow-Auth/auth-user/${f.scheme}` }),
  'GET /api/workflow-relation/info/:F_Id': (f) => ({ url: `/api/workflow-relation/info/${f.workflowRelation}` }),
  'PUT /api/workflow-relation/:id': (f, b) => ({ url: `/api/workflow-relation/${f.workflowRelation}`, body: altered(b.workflowRelation) }),
  'DELETE /api/workflow-relation/:id': (f) => ({ url: `/api/workflow-relation/${f.workflowRelation}` }),
  'DELETE /api/workflow-task/to-recyclebin/:id': (f) => ({ url: `/api/workflow-task/to-recyclebin/${f.instance}` }),
  'POST /api/workflow-task/restore-recyclebin/:id': (f) => ({ url: `/api/workflow-task/restore-recyclebin/${f.instance}` }),
  'DELETE /api/workflow-task/delete-processinstance/:id': (f) => ({ url: `/api/workflow-task/delete-processinstance/${f.instance}` }),
  'DELETE /api/workflow-task/delete-tempfiledInfo/:id': (f) => ({ url: `/api/workflow-task/delete-tempfiledInfo/${f.draft}` }),
  'POST /api/workflow-task/circulation-read/:id': (f) => ({ url: `/api/workflow-task/circulation-read/${f.circulation}` }),
  'GET /api/workflow-task/get-taskcanditeusers/taskId=:id': (f) => ({ url: `/api/workflow-task/get-taskcanditeusers/taskId=${f.task}` }),
  'POST /api/workflow-task/task-handle': (f) => ({ url: '/api/workflow-task/task-handle', body: { taskId: f.task, btnValue: 'agree_', message: 'ATTACKED' } }),
  'POST /api/workflow-task/transfer': (f) => ({ url: '/api/workflow-task/transfer', body: { taskId: f.task, userId: 'admin', message: 'ATTACKED' } }),
  'POST /api/workflow-task/recall-process': (f) => ({ url: '/api/workflow-task/recall-process', body: { processInstanceId: f.instance } }),
  'GET /api/workflow-task/task-form': (f) => ({ url: `/api/workflow-task/task-form?processInstanceId=${f.instance}&taskId=${f.task}` }),
  'GET /api/workflow-task/history-taskList': (f) => ({ url: `/api/workflow-task/history-taskList?processInstanceId=${f.instance}` }),
  'GET /api/workflow-task/getTaskInfo': (f) => ({ url: `/api/workflow-task/getTaskInfo?taskId=${f.task}` }),
  'POST /api/workflow-monitor/suspend-process': (f) => ({ url: '/api/workflow-monitor/suspend-process', body: { processInstanceId: f.instance } }),
  'PUT /api/stamps/:id': (f, b) => ({ url: `/api/stamps/${f.stamp}`, body: altered(b.stamp) }),
  'DELETE /api/stamps/:id': (f) => ({ url: `/api/stamps/${f.stamp}` }),
  'PATCH /api/stamps/:id/enable': (f) => ({ url: `/api/stamps/${f.stamp}/enable` }),
  'PATCH /api/stamps/:id/not-enabled': (f) => ({ url: `/api/stamps/${f.stamp}/not-enabled` }),
  'PATCH /api/stamps/:id/set-default': (f) => ({ url: `/api/stamps/${f.stamp}/set-default` }),
  'GET /api/stamps/:id/manager': (f) => ({ url: `/api/stamps/${f.stamp}/manager` }),
  'GET /api/stamps/:id/member': (f) => ({ url: `/api/stamps/${f.stamp}/member` }),
  'PUT /api/stamps/:id/member': (f) => ({ url: `/api/stamps/${f.stamp}/member`, body: { userIds: ['admin'] } }),
  'GET /api/stamps/:id/maintain': (f) => ({ url: `/api/stamps/${f.stamp}/maintain` }),
  'PUT /api/stamps/:id/maintain': (f) => ({ url: `/api/stamps/${f.stamp}/maintain`, body: { userIds: ['admin'] } }),
  'PATCH /api/stamps/set-manager': (f) => ({ url: '/api/stamps/set-manager', body: { stampId: f.stamp, userIds: ['admin'] } }),
  'PUT /api/workflow-Delegate/:id': (f, b) => ({ url: `/api/workflow-Delegate/${f.delegate}`, body: altered({ ...b.delegate, F_DelegateUserId: 'admin' }) }),
  'DELETE /api/workflow-Delegate/:id': (f) => ({ url: `/api/workflow-Delegate/${f.delegate}` }),
};

/** Everything of B's, and everything without a tenant: rows as sorted JSON per table (sessions and logs of A aside). */
async function snapshot(t: TestApp, tenant: string): Promise<Record<string, string[]>> {
  const db = t.deps.db;
  const columns = await sql<{ table_name: string; has_tenant: boolean }>`
    select table_name, bool_or(column_name = 'tenant_id') as has_tenant from information_schema.columns
    where table_schema = current_schema() and table_name not like 'kysely%' group by table_name`.execute(db);
  const volatile = new Set(['sessions', 'login_logs', 'client_logs', 'idempotency_keys', 'sms_codes']);
  const out: Record<string, string[]> = {};
  for (const { table_name: table, has_tenant: hasTenant } of columns.rows) {
    if (volatile.has(table)) continue;
    const rows = hasTenant
      ? await sql<Record<string, unknown>>`select * from ${sql.table(table)} where tenant_id = ${tenant}`.execute(db)
      : table === 'system_logs'
        ? { rows: [] }
        : await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  const driver = await t.deps.links.forLink(tenant, DEFAULT_LINK_ID);
  out['victim_orders (B schema)'] = (await driver.execute('select * from victim_orders', [])).rows.map((r) => JSON.stringify(r)).sort();
  return out;
}

let t: TestApp;
let two: TwoTenants;
beforeAll(async () => {
  t = await createTestApp();
  two = await twoTenants(t);
  // Each module's own fixtures (made by B's administrator) and attacks join the table.
  for (const { module, security } of await moduleSecurity()) {
    const send = async (method: 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) => {
      const res = await t.send(method, url, body, two.victim);
      const answer = res.json() as { code?: number; data?: unknown };
      if (answer.code !== 0) throw new Error(`${module} fixture ${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return answer.data;
    };
    const ids = await security.fixtures(send, MARK);
    for (const [key, entry] of Object.entries(security.idor)) {
      if (key in IDOR) throw new Error(`${module}/security.ts: ${key} is already in the IDOR table`);
      IDOR[key] = typeof entry === 'function' ? () => entry(ids) : entry;
    }
  }
}, 120_000);
afterAll(() => t.close());

describe("IDOR matrix: the default tenant's administrator against tenant B's ids", () => {
  it('every route with a path parameter is in the table (attacked or exempted with a reason), and the table has no stale entries', () => {
    const keys = new Set(apiRoutes(t).map(routeKey));
    const withParams = apiRoutes(t)
      .filter((r) => /[:*]/.test(r.url))
      .map(routeKey);
    expect(
      withParams.filter((key) => !(key in IDOR)),
      'routes with a path parameter missing from IDOR (server/src/security/idor.test.ts)',
    ).toEqual([]);
    expect(
      Object.keys(IDOR).filter((key) => !keys.has(key)),
      'IDOR entries without a route',
    ).toEqual([]);
  });

  it("no answer carries B's data and nothing of B's changes", async () => {
    const tenant = two.ids.tenant;
    const before = await snapshot(t, tenant);
    const attacks = Object.entries(IDOR).flatMap(([key, entry]) => (typeof entry === 'function' ? [{ key, ...entry(two.ids, two.bodies) }] : []));
    const failures: string[] = [];
    await inBatches(attacks, 4, async ({ key, url, body, upload, ownTenant, empty }) => {
      const method = key.split(' ')[0] as 'GET';
      const headers: Record<string, string> = { authorization: `Bearer ${two.attacker}` };
      let payload: string | Buffer | undefined;
      if (upload) {
        const form = multipartBody([{ name: 'file', filename: 'attack.txt', content: 'ATTACKED', contentType: 'text/plain' }]);
        payload = form.payload;
        Object.assign(headers, form.headers);
      } else if (body !== undefined) {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
      const res = await t.app.inject({ method, url, headers, payload });
      const text = res.body;
      const data: unknown = res.statusCode < 400 ? (res.json() as { data?: unknown }).data : undefined;
      const isEmpty = data == null || (Array.isArray(data) && data.length === 0) || (typeof data === 'object' && (data as { Total?: number }).Total === 0);
      if (text.includes(MARK)) failures.push(`${key}: ${res.statusCode} answer names B's data: ${text.slice(0, 200)}`);
      else if (res.statusCode < 400 && !ownTenant && !(empty && isEmpty)) failures.push(`${key}: ${res.statusCode} ${text.slice(0, 200)}`);
      else if (res.statusCode >= 500) failures.push(`${key}: ${res.statusCode} ${text.slice(0, 200)}`);
      else if (res.statusCode === 400 && /参数错误/.test(text))
        failures.push(`${key}: the attack did not pass validation, fix its body: ${text.slice(0, 200)}`);
    });
    expect(failures).toEqual([]);
    const after = await snapshot(t, tenant);
    for (const table of Object.keys(before)) expect(after[table], `B's ${table}`).toEqual(before[table]);
    // B still reads its records
    expect((await t.get(`/api/news/${two.ids.news}`, two.victim)).json().data.F_FullHead).toContain(MARK);
  }, 120_000);

  it("control: every GET of the table finds B's record for B's own administrator (so the URLs really name B's records)", async () => {
    const reads = Object.entries(IDOR).flatMap(([key, entry]) =>
      typeof entry === 'function' && key.startsWith('GET ') ? [{ key, ...entry(two.ids, two.bodies) }] : [],
    );
    // A forged signature is refused for everyone.
    const refusedToAll = new Set(['GET /api/files/:id']);
    const failures: string[] = [];
    await inBatches(reads, 4, async ({ key, url }) => {
      if (refusedToAll.has(key)) return;
      const res = await t.get(url, two.victim);
      // Not a 404 for B: a success, or a refusal about the record itself (a link's server is not reachable here).
      if (res.statusCode === 404 || res.statusCode >= 500) failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    });
    expect(failures).toEqual([]);
  });

  it("A's administrator still signs in (the attack changed nothing of A's either)", async () => {
    expect((await t.loginResult('admin', DEMO_PASSWORD)).json().code).toBe(0);
  });
});
