import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newId } from '../../core/ids.js';
import { loadFixture } from '../workflow/fixtures/index.js';
import { canLaunch } from '../workflow/launch-authority.repository.js';

let t: TestApp;
let admin: string;
let zhangsan: string;
let lisi: string;
const users: Record<string, string> = {};
let tenantId: string;
let formA: string;
let formB: string;
let systemForm: string;

const linear = () => loadFixture('linear', users);
const uniq = () => `c${Math.random().toString(36).slice(2, 10)}`;

async function createScheme(body: Record<string, unknown> = {}) {
  const res = await t.send('POST', '/api/workflow-scheme-info', { F_Code: uniq(), F_Name: 'Leave', F_Category: 'hr', xml: linear(), ...body }, admin);
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return res.json().data as { F_Id: string; versionId: string; F_Version: number };
}

async function insertForm(name: string, formType: number, url = ''): Promise<string> {
  const id = newId();
  await t.deps.db.insertInto('form_schemes').values({ id, tenant_id: tenantId, name, form_type: formType, url }).execute();
  return id;
}

/** An instance placed directly in the engine's tables: tokens at `nodes`, an open task at the first. */
async function insertInstance(schemeId: string, versionId: string, nodes: string[], state: 'running' | 'suspended' | 'completed' = 'running') {
  const id = newId();
  await t.deps.db
    .insertInto('wf_instances')
    .values({
      id,
      tenant_id: tenantId,
      root_id: id,
      parent_id: null,
      parent_node_id: null,
      parent_execution_id: null,
      scheme_id: schemeId,
      version_id: versionId,
      name: `inst ${nodes.join(',')}`,
      state,
      starter_id: users.zhangsan!,
      variables: '{}',
      form_keys: '[]',
      related: '[]',
      recycled_at: null,
      completed_at: null,
    })
    .execute();
  for (const [i, node] of nodes.entries()) {
    const exec = newId();
    await t.deps.db
      .insertInto('wf_executions')
      .values({ id: exec, tenant_id: tenantId, instance_id: id, parent_id: null, node_id: node, state: 'active', mi: null })
      .execute();
    if (i === 0)
      await t.deps.db
        .insertInto('wf_tasks')
        .values({
          id: newId(),
          tenant_id: tenantId,
          instance_id: id,
          execution_id: exec,
          node_id: node,
          assignee_id: users.lisi!,
          owner_id: null,
          returned_from: null,
          btn_value: null,
          due_at: null,
          completed_at: null,
        })
        .execute();
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan, lisi] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
  for (const u of await t.deps.db
    .selectFrom('users')
    .select(['id', 'account', 'tenant_id'])
    .where('account', 'in', ['admin', 'lisi', 'zhangsan', 'wangwu'])
    .execute()) {
    users[u.account] = u.id;
    tenantId = u.tenant_id;
  }
  formA = await insertForm('Leave form', 0);
  formB = await insertForm('Expense form', 0);
  systemForm = await insertForm('Contract screen', 1, 'contract/edit');
}, 60_000);
afterAll(() => t.close());

describe('workflow schemes', () => {
  it('refuses management calls without the permissions', async () => {
    expect((await t.get('/api/workflow-scheme-info', zhangsan)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/workflow-scheme-info', { F_Code: 'x1', F_Name: 'x', xml: linear() }, zhangsan)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/workflow-scheme-info/change-processversion?schemeId=a&versionId=b', undefined, zhangsan)).statusCode).toBe(403);
    expect((await t.get('/api/workflow-relation', zhangsan)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/workflow-relation', { F_SchemeInfoId: 'a', F_FormId: 'b' }, zhangsan)).statusCode).toBe(403);
  });

  it('creates a scheme with version 1, its forms and a launch key; lists it with the category name', async () => {
    const code = uniq();
    const saved = await createScheme({
      F_Code: code,
      forms: [
        { F_FormId: formA, F_Type: 0 },
        { F_FormId: systemForm, F_Type: 1 },
      ],
    });
    expect(saved.F_Version).toBe(1);
    const list = (await t.get(`/api/workflow-scheme-info?keyword=${code}`, admin)).json().data;
    expect(list.Total).toBe(1);
    expect(list.Rows[0]).toMatchObject({
      F_Code: code,
      F_Name: 'Leave',
      F_Category: 'hr',
      F_CategoryName: '人事',
      EnabledMark: 1,
      F_Version: 1,
      F_RunningCount: 0,
    });
    expect(list.Rows[0].F_CreateDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await t.get('/api/workflow-scheme-info?F_Category=finance', admin)).json().data.Rows.map((r: { F_Code: string }) => r.F_Code)).not.toContain(code);

    const info = (await t.get(`/api/workflow-scheme-info/info/${saved.F_Id}`, admin)).json().data;
    expect(info).toMatchObject({ F_Id: saved.F_Id, F_Version: 1, F_VersionId: saved.versionId, xml: linear() });
    expect(info.F_LaunchKey).toMatch(/^[\w-]{32}$/);
    expect(info.forms).toMatchObject([
      { F_FormId: formA, F_Type: 0, F_FormName: 'Leave form', F_Name: 'Leave form', F_Sort: 0 },
      { F_FormId: systemForm, F_Type: 1, F_Url: 'contract/edit', F_Sort: 1 },
    ]);
    expect(info.F_DiagramUrl).toContain(`/api/workflow-scheme-info/read-resource?F_Id=${saved.F_Id}&versionId=${saved.versionId}&sig=`);
  });

  it('refuses a code already used (any case) with a clear message', async () => {
    const code = uniq();
    await createScheme({ F_Code: code });
    const res = await t.send('POST', '/api/workflow-scheme-info', { F_Code: code.toUpperCase(), F_Name: 'Again', xml: linear() }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain(code.toUpperCase());
    const other = await createScheme();
    expect((await t.send('PUT', `/api/workflow-scheme-info/${other.F_Id}`, { F_Code: code }, admin)).statusCode).toBe(409);
  });

  it('answers an invalid definition with every problem and its element id', async () => {
    const xml = linear()
      .replace(/<bpmn:extensionElements>.*?<\/bpmn:extensionElements>/, '')
      .replace('<bpmn:sequenceFlow id="f3" sourceRef="finance" targetRef="end" />', '');
    const res = await t.send('POST', '/api/workflow-scheme-info', { F_Code: uniq(), F_Name: 'Broken', xml }, admin, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    const ids = body.data.issues.map((i: { elementId: string }) => i.elementId);
    expect(ids).toContain('manager');
    expect(ids).toContain('finance');
    expect(body.msg).toContain('Manager approval');
    expect(body.data.issues.every((i: { message: string }) => typeof i.message === 'string' && i.message.length > 0)).toBe(true);

    const garbage = await t.send('POST', '/api/workflow-scheme-info', { F_Code: uniq(), F_Name: 'Garbage', xml: '<not-bpmn' }, admin);
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().data.issues.length).toBeGreaterThan(0);
  });

  it('call activities may only call codes of the tenant', async () => {
    const child = await createScheme({ F_Code: 'call-child-code' });
    expect(child.F_Version).toBe(1);
    const parent = loadFixture('call-parent', users);
    const called = parent.match(/calledElement="([^"]+)"/)?.[1];
    expect(called).toBeTruthy();
    const bad = await t.send(
      'POST',
      '/api/workflow-scheme-info',
      { F_Code: uniq(), F_Name: 'Parent', xml: parent.replace(`calledElement="${called}"`, 'calledElement="nope-nope"') },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.issues.some((i: { message: string }) => i.message.includes('nope-nope'))).toBe(true);
    const good = await t.send(
      'POST',
      '/api/workflow-scheme-info',
      { F_Code: uniq(), F_Name: 'Parent', xml: parent.replace(`calledElement="${called}"`, 'calledElement="call-child-code"') },
      admin,
    );
    expect(good.json(), good.body).toMatchObject({ code: 0 });
  });

  it('adds a version only when the XML changes; lists versions; makes an older one current', async () => {
    const s = await createScheme();
    const same = (await t.send('PUT', `/api/workflow-scheme-info/${s.F_Id}`, { F_Name: 'Renamed', xml: linear() }, admin)).json().data;
    expect(same).toMatchObject({ newVersion: false, F_Version: 1, versionId: s.versionId });
    const changed = (await t.send('PUT', `/api/workflow-scheme-info/${s.F_Id}`, { xml: linear().replace('Finance approval', 'Finance check') }, admin)).json()
      .data;
    expect(changed).toMatchObject({ newVersion: true, F_Version: 2 });
    const info = (await t.get(`/api/workflow-scheme-info/info/${s.F_Id}`, admin)).json().data;
    expect(info).toMatchObject({ F_Name: 'Renamed', F_Version: 2, F_VersionId: changed.versionId });
    expect(info.xml).toContain('Finance check');

    const history = (await t.get(`/api/workflow-scheme-info/hisitory?schemeId=${s.F_Id}`, admin)).json().data;
    expect(history.Total).toBe(2);
    expect(history.Rows.map((r: { F_Version: number; F_IsCurrent: boolean }) => [r.F_Version, r.F_IsCurrent])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(history.Rows[0]).toMatchObject({ F_InstanceCount: 0, F_CreateUserName: expect.any(String) });

    expect((await t.send('PATCH', `/api/workflow-scheme-info/${s.F_Id}/current-version?versionId=${s.versionId}`, undefined, admin)).json().code).toBe(0);
    expect((await t.get(`/api/workflow-scheme-info/info/${s.F_Id}`, admin)).json().data).toMatchObject({ F_Version: 1, F_VersionId: s.versionId });
    expect((await t.send('PATCH', `/api/workflow-scheme-info/${s.F_Id}/current-version?versionId=nope`, undefined, admin)).statusCode).toBe(404);
  });

  it('creates a new model as a draft that opens in the designer: its approval node has no approver until one is saved, and only publishing starts it', async () => {
    const res = await t.send('POST', '/api/workflow-scheme-info/new-model', { F_Code: uniq(), F_Name: '新流程 <&>', F_Category: 'admin' }, admin);
    expect(res.json(), res.body).toMatchObject({ code: 0, data: { F_Version: 1 } });
    const id = res.json().data.F_Id as string;
    const info = (await t.get(`/api/workflow-scheme-info/info/${id}`, admin)).json().data;
    expect(info.xml).toContain('<bpmn:userTask id="task_1"');
    expect(info.xml).toContain('BPMNShape');
    expect(info.xml).toContain('新流程 &lt;&amp;&gt;');
    // No default approver: never the starter (applicants would approve their own requests).
    expect(info.xml).not.toContain('starter');
    expect(info).toMatchObject({ EnabledMark: 0, F_State: 'draft', F_PublishedVersionId: null });
    const graph = (await t.deps.db.selectFrom('wf_scheme_versions').where('id', '=', info.F_VersionId).select('graph').executeTakeFirstOrThrow()).graph as {
      nodes: Record<string, { type: string }>;
    };
    expect(graph.nodes.task_1?.type).toBe('userTask');

    // A draft is not started by the switch: it is published, which checks it.
    const stopped = await t.send('PATCH', `/api/workflow-scheme-info/${id}/start`, undefined, admin);
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().msg).toBe('流程【新流程 <&>】尚未发布，请先在设计器中发布');
    // Publishing is refused, naming the node (zh and en); so is saving the same model as an ordinary (published) scheme.
    const zh = await t.send('POST', `/api/workflow-scheme-info/${id}/publish`, undefined, admin);
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toContain('审批节点【审批】未设置审批人');
    expect(zh.json().data.issues).toEqual([{ elementId: 'task_1', message: '审批节点【审批】未设置审批人', severity: 'error' }]);
    const en = await t.send('POST', `/api/workflow-scheme-info/${id}/publish`, undefined, admin, { 'accept-language': 'en' });
    expect(en.json().msg).toContain('Approval node "审批" has no approvers');
    expect((await t.get(`/api/workflow-scheme-info/info/${id}`, admin)).json().data.EnabledMark).toBe(0);
    const copy = await t.send('POST', '/api/workflow-scheme-info', { F_Code: uniq(), F_Name: 'copy', xml: info.xml }, admin);
    expect(copy.statusCode).toBe(400);
    expect(copy.json().msg).toContain('审批节点【审批】未设置审批人');

    // Saved again as a draft (still without approver): kept, still a draft.
    const draftAgain = await t.send('PUT', `/api/workflow-scheme-info/${id}`, { xml: info.xml.replace('name="审批"', 'name="审批 "'), publish: false }, admin);
    expect(draftAgain.json()).toMatchObject({
      code: 0,
      msg: '已保存草稿，发布后新发起的流程才会使用',
      data: { F_Version: 2, F_State: 'draft', newVersion: true },
    });

    // With an approver saved in the designer and published, it starts; making the approver-less version current again is refused.
    const withApprover = (info.xml as string).replace(
      '<bpmn:userTask id="task_1" name="审批">',
      `<bpmn:userTask id="task_1" name="审批"><bpmn:extensionElements><wf:config>{&quot;candidates&quot;:[{&quot;type&quot;:&quot;user&quot;,&quot;ids&quot;:[&quot;${users.lisi}&quot;]}]}</wf:config></bpmn:extensionElements>`,
    );
    expect(withApprover).not.toBe(info.xml);
    expect((await t.send('PUT', `/api/workflow-scheme-info/${id}`, { xml: withApprover, publish: false }, admin)).json()).toMatchObject({
      code: 0,
      data: { F_Version: 3, F_State: 'draft' },
    });
    expect((await t.get(`/api/workflow-scheme-info/info/${id}`, admin)).json().data).toMatchObject({ EnabledMark: 0, F_State: 'draft', F_Version: 3 });
    expect((await t.send('POST', `/api/workflow-scheme-info/${id}/publish`, undefined, admin)).json()).toMatchObject({
      code: 0,
      msg: '发布成功',
      data: { F_Version: 3, F_State: 'published' },
    });
    expect((await t.get(`/api/workflow-scheme-info/info/${id}`, admin)).json().data).toMatchObject({ EnabledMark: 1, F_State: 'published', F_Version: 3 });
    const back = await t.send('PATCH', `/api/workflow-scheme-info/${id}/current-version?versionId=${info.F_VersionId}`, undefined, admin);
    expect(back.statusCode).toBe(400);
    expect(back.json().msg).toContain('审批节点【审批】未设置审批人');
  });

  it('a draft of a published scheme: launches keep the published version until the draft is published', async () => {
    const s = await createScheme();
    const published = (await t.get(`/api/workflow-scheme-info/info/${s.F_Id}`, admin)).json().data;
    expect(published).toMatchObject({ F_State: 'published', F_Version: 1, F_DraftVersion: 0, F_PublishedVersionId: s.versionId });
    const changedXml = (published.xml as string).replace('name="Manager approval"', 'name="经理审批"');
    expect(changedXml).not.toBe(published.xml);
    const draft = (await t.send('PUT', `/api/workflow-scheme-info/${s.F_Id}`, { xml: changedXml, publish: false }, admin)).json();
    expect(draft).toMatchObject({ code: 0, data: { F_Version: 2, F_State: 'changed' } });
    // The designer opens the draft; the list shows the published number and the pending one.
    const info = (await t.get(`/api/workflow-scheme-info/info/${s.F_Id}`, admin)).json().data;
    expect(info).toMatchObject({ F_State: 'changed', F_Version: 1, F_DraftVersion: 2, F_VersionId: draft.data.versionId, F_PublishedVersionId: s.versionId });
    expect(info.xml).toContain('经理审批');
    // The same draft saved twice adds no version; a name-only change leaves the publication alone.
    expect((await t.send('PUT', `/api/workflow-scheme-info/${s.F_Id}`, { xml: changedXml, publish: false }, admin)).json().data).toMatchObject({
      F_Version: 2,
      newVersion: false,
      F_State: 'changed',
    });
    expect((await t.send('PUT', `/api/workflow-scheme-info/${s.F_Id}`, { F_Name: '改名' }, admin)).json().data).toMatchObject({ F_State: 'changed' });
    // A launch uses the published version.
    const launched = (await t.send('POST', '/api/workflow-task/create-process', { schemeId: s.F_Id, formValue: [] }, admin)).json();
    expect(launched.code, launched.msg).toBe(0);
    const instance = await t.deps.db
      .selectFrom('wf_instances')
      .select('version_id')
      .where('id', '=', launched.data.processInstanceId)
      .executeTakeFirstOrThrow();
    expect(instance.version_id).toBe(s.versionId);
    // Published: the next launch uses it; publishing again has nothing to do.
    expect((await t.send('POST', `/api/workflow-scheme-info/${s.F_Id}/publish`, undefined, admin)).json()).toMatchObject({
      code: 0,
      data: { F_Version: 2, F_State: 'published' },
    });
    const again = await t.send('POST', `/api/workflow-scheme-info/${s.F_Id}/publish`, undefined, admin, { 'accept-language': 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Scheme "改名" has no unpublished changes');
    const next = (await t.send('POST', '/api/workflow-task/create-process', { schemeId: s.F_Id, formValue: [] }, admin)).json();
    const nextInstance = await t.deps.db
      .selectFrom('wf_instances')
      .select('version_id')
      .where('id', '=', next.data.processInstanceId)
      .executeTakeFirstOrThrow();
    expect(nextInstance.version_id).toBe(draft.data.versionId);
    // Saving with publish (the API's default) publishes at once, as the original client's save did.
    const direct = (await t.send('PUT', `/api/workflow-scheme-info/${s.F_Id}`, { xml: changedXml.replace('经理审批', '主管审批') }, admin)).json();
    expect(direct).toMatchObject({ code: 0, msg: '保存成功', data: { F_Version: 3, F_State: 'published' } });
  });

  it('serves the diagram as SVG and XML by signed address, or to a bearer with the list permission', async () => {
    const s = await createScheme();
    const info = (await t.get(`/api/workflow-scheme-info/info/${s.F_Id}`, admin)).json().data;
    const svg = await t.get(info.F_DiagramUrl);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(svg.body.startsWith('<svg')).toBe(true);
    expect(svg.body).toContain('data-element-id="manager"');
    const xml = await t.get(`${info.F_DiagramUrl}&format=xml`);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toBe(linear());
    expect((await t.get(info.F_DiagramUrl.replace(/sig=.*/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(404);
    expect((await t.get(`/api/workflow-scheme-info/read-resource?F_Id=${s.F_Id}`)).statusCode).toBe(404);
    // The signature binds the version: another version id with the same sig is refused.
    expect((await t.get(info.F_DiagramUrl.replace(s.versionId, 'other'))).statusCode).toBe(404);
    const bearer = await t.get(`/api/workflow-scheme-info/read-resource?F_Id=${s.F_Id}&format=xml`, admin);
    expect(bearer.statusCode).toBe(200);
    expect(bearer.body).toBe(linear());
    expect((await t.get(`/api/workflow-scheme-info/read-resource?F_Id=${s.F_Id}`, zhangsan)).statusCode).toBe(403);
  });

  it('tests and applies a version change on running instances, locking each and writing history', async () => {
    const s = await createScheme();
    const v2 = (await t.send('PUT', `/api/workflow-scheme-info/${s.F_Id}`, { xml: linear().replace(/finance/g, 'accounts') }, admin)).json().data;
    expect(v2.F_Version).toBe(2);
    const movable = await insertInstance(s.F_Id, s.versionId, ['manager']);
    const stuck = await insertInstance(s.F_Id, s.versionId, ['finance'], 'suspended');
    await insertInstance(s.F_Id, s.versionId, ['finance'], 'completed');
    const already = await insertInstance(s.F_Id, v2.versionId, ['accounts']);
    // A pending timer on a boundary event the target lacks also pins an instance.
    const timed = await insertInstance(s.F_Id, s.versionId, ['manager']);
    const task = await t.deps.db.selectFrom('wf_tasks').where('instance_id', '=', timed).select('id').executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('wf_timers')
      .values({
        id: newId(),
        tenant_id: tenantId,
        instance_id: timed,
        task_id: task.id,
        execution_id: null,
        node_id: 'remind_timer',
        action: 'remind',
        due_at: new Date(Date.now() + 3_600_000),
        fired_at: null,
      })
      .execute();

    const test = (
      await t.send('POST', `/api/workflow-scheme-info/change-processversion-test?schemeId=${s.F_Id}&versionId=${v2.versionId}`, undefined, admin)
    ).json().data;
    expect(test).toHaveLength(3);
    expect(test.find((r: { processInstanceId: string }) => r.processInstanceId === timed)).toMatchObject({ movable: false, missingNodes: ['remind_timer'] });
    expect(test.find((r: { processInstanceId: string }) => r.processInstanceId === movable)).toMatchObject({
      movable: true,
      missingNodes: [],
      F_Version: 1,
      state: 'running',
    });
    expect(test.find((r: { processInstanceId: string }) => r.processInstanceId === stuck)).toMatchObject({
      movable: false,
      missingNodes: ['finance'],
      F_Version: 1,
      state: 'suspended',
    });
    expect(test.map((r: { processInstanceId: string }) => r.processInstanceId)).not.toContain(already);

    const list = (
      await t.get(`/api/workflow-scheme-info?keyword=${(await t.get(`/api/workflow-scheme-info/info/${s.F_Id}`, admin)).json().data.F_Code}`, admin)
    ).json().data;
    expect(list.Rows[0].F_RunningCount).toBe(4);

    const applied = await t.send('POST', `/api/workflow-scheme-info/change-processversion?schemeId=${s.F_Id}&versionId=${v2.versionId}`, undefined, admin);
    expect(applied.json()).toMatchObject({ code: 0, data: { moved: 1, skipped: 2 } });
    const rows = await t.deps.db.selectFrom('wf_instances').where('id', 'in', [movable, stuck]).select(['id', 'version_id']).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.version_id]))).toEqual({ [movable]: v2.versionId, [stuck]: s.versionId });
    const history = await t.deps.db.selectFrom('wf_history').where('instance_id', '=', movable).select(['action', 'user_id', 'message']).execute();
    expect(history).toEqual([{ action: 'migrate', user_id: users.admin, message: 'v1 → v2' }]);
    const versions = (await t.get(`/api/workflow-scheme-info/hisitory?schemeId=${s.F_Id}`, admin)).json().data.Rows;
    expect(versions.map((r: { F_InstanceCount: number }) => r.F_InstanceCount)).toEqual([2, 3]);

    // Nothing left to move: a second run moves nothing.
    expect(
      (await t.send('POST', `/api/workflow-scheme-info/change-processversion?schemeId=${s.F_Id}&versionId=${v2.versionId}`, undefined, admin)).json().data,
    ).toEqual({ moved: 0, skipped: 2 });
    expect((await t.send('POST', `/api/workflow-scheme-info/change-processversion-test?schemeId=${s.F_Id}&versionId=nope`, undefined, admin)).statusCode).toBe(
      404,
    );
  });

  it('does not move a token into another sub-process: the node must sit in the same scope in both versions', async () => {
    const s = await createScheme();
    // v2 wraps the finance task in a sub-process: an instance waiting at finance cannot get that scope afterwards.
    const wrapped = linear()
      .replace(
        /<bpmn:userTask id="finance"([\s\S]*?)<\/bpmn:userTask>/,
        '<bpmn:subProcess id="wrap" name="Wrap"><bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>f3</bpmn:outgoing><bpmn:userTask id="finance"$1</bpmn:userTask></bpmn:subProcess>',
      )
      .replace('sourceRef="manager" targetRef="finance"', 'sourceRef="manager" targetRef="wrap"')
      .replace('sourceRef="finance" targetRef="end"', 'sourceRef="wrap" targetRef="end"')
      .replace(/<bpmn:incoming>f2<\/bpmn:incoming>\s*<bpmn:outgoing>f3<\/bpmn:outgoing>\s*<\/bpmn:userTask>/, '</bpmn:userTask>');
    const v2 = (await t.send('PUT', `/api/workflow-scheme-info/${s.F_Id}`, { xml: wrapped }, admin)).json();
    expect(v2, JSON.stringify(v2)).toMatchObject({ code: 0 });
    const atManager = await insertInstance(s.F_Id, s.versionId, ['manager']);
    const atFinance = await insertInstance(s.F_Id, s.versionId, ['finance']);
    const test = (
      await t.send('POST', `/api/workflow-scheme-info/change-processversion-test?schemeId=${s.F_Id}&versionId=${v2.data.versionId}`, undefined, admin)
    ).json().data;
    expect(test.find((r: { processInstanceId: string }) => r.processInstanceId === atManager)).toMatchObject({ movable: true });
    expect(test.find((r: { processInstanceId: string }) => r.processInstanceId === atFinance)).toMatchObject({ movable: false, missingNodes: ['finance'] });
  });

  it('refuses to delete while instances run; then deletes the scheme with its finished instances', async () => {
    const s = await createScheme({ forms: [{ F_FormId: formA, F_Type: 0 }] });
    const inst = await insertInstance(s.F_Id, s.versionId, ['manager']);
    const refused = await t.send('DELETE', `/api/workflow-scheme-info/${s.F_Id}`, undefined, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('1');
    await t.deps.db.updateTable('wf_instances').set({ state: 'completed' }).where('id', '=', inst).execute();
    expect((await t.send('DELETE', `/api/workflow-scheme-info/${s.F_Id}`, undefined, admin)).json().code).toBe(0);
    expect(await t.deps.db.selectFrom('wf_instances').where('id', '=', inst).select('id').executeTakeFirst()).toBeUndefined();
    expect(await t.deps.db.selectFrom('wf_relations').where('scheme_id', '=', s.F_Id).select('id').executeTakeFirst()).toBeUndefined();
    expect((await t.get(`/api/workflow-scheme-info/info/${s.F_Id}`, admin)).statusCode).toBe(404);
  });
});

describe('workflow relations', () => {
  it('creates, lists, reads, changes and deletes relations; checks the forms', async () => {
    const s = await createScheme();
    const created = await t.send('POST', '/api/workflow-relation', { F_SchemeInfoId: s.F_Id, F_FormId: formB, F_Type: 0, F_Sort: 2 }, admin);
    expect(created.json(), created.body).toMatchObject({ code: 0 });
    const id = created.json().data.F_Id as string;
    const second = (
      await t.send('POST', '/api/workflow-relation', { F_SchemeInfoId: s.F_Id, F_FormId: formA, F_Type: 0, F_Sort: 1, F_Name: 'Main' }, admin)
    ).json().data.F_Id;

    const list = (await t.get(`/api/workflow-relation?schemeId=${s.F_Id}`, admin)).json().data;
    expect(list.Total).toBe(2);
    expect(list.Rows.map((r: { F_Id: string }) => r.F_Id)).toEqual([second, id]);
    expect(list.Rows[1]).toMatchObject({ F_SchemeInfoId: s.F_Id, F_SchemeName: 'Leave', F_FormId: formB, F_FormName: 'Expense form', F_Type: 0, F_Sort: 2 });
    expect((await t.get(`/api/workflow-relation/info/${id}`, admin)).json().data).toMatchObject({ F_Id: id, F_FormName: 'Expense form' });

    expect((await t.send('POST', '/api/workflow-relation', { F_SchemeInfoId: s.F_Id, F_FormId: formB, F_Type: 0 }, admin)).statusCode).toBe(409);
    expect((await t.send('POST', '/api/workflow-relation', { F_SchemeInfoId: s.F_Id, F_FormId: 'missing', F_Type: 0 }, admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/workflow-relation', { F_SchemeInfoId: s.F_Id, F_FormId: systemForm, F_Type: 0 }, admin)).statusCode).toBe(400);

    expect((await t.send('PUT', `/api/workflow-relation/${id}`, { F_SchemeInfoId: s.F_Id, F_FormId: formB, F_Type: 0, F_Sort: 0 }, admin)).json().code).toBe(0);
    const forms = (await t.get(`/api/workflow-relation/formInfo?nwfSchemeInfoId=${s.F_Id}`, zhangsan)).json().data;
    expect(forms.map((r: { F_Id: string }) => r.F_Id)).toEqual([id, second]);
    expect(forms[1]).toMatchObject({ F_Name: 'Main', F_FormName: 'Leave form' });

    expect((await t.send('DELETE', `/api/workflow-relation/${id}`, undefined, admin)).json().code).toBe(0);
    expect((await t.get(`/api/workflow-relation/info/${id}`, admin)).statusCode).toBe(404);
    expect((await t.get(`/api/workflow-relation/formInfo?nwfSchemeInfoId=${s.F_Id}`, admin)).json().data).toHaveLength(1);
  });
});

describe('launch authority', () => {
  it('answers auth-user and launchable by role, by user and for everyone; stopped schemes drop out', async () => {
    const lisiRole = (await t.deps.db.selectFrom('user_roles').where('user_id', '=', users.lisi!).select('role_id').executeTakeFirstOrThrow()).role_id;
    const open = await createScheme({ F_Name: 'Open to all', F_Category: 'finance' });
    const byRole = await createScheme({ F_Name: 'Managers only', F_AuthType: 1, F_AuthObjects: [{ F_ObjType: '2', F_ObjId: lisiRole, F_ObjName: 'manager' }] });
    const byUser = await createScheme({
      F_Name: 'Zhangsan only',
      F_AuthType: 1,
      F_AuthObjects: [{ F_ObjType: '3', F_ObjId: users.zhangsan, F_ObjName: '张三' }],
    });

    const authOf = async (id: string, token: string) => (await t.get(`/api/workflow-Auth/auth-user/${id}`, token)).json().data;
    expect(await authOf(byRole.F_Id, lisi)).toMatchObject({ F_AuthType: 1, canLaunch: true, objects: [{ F_ObjType: '2', F_ObjId: lisiRole }] });
    expect((await authOf(byRole.F_Id, zhangsan)).canLaunch).toBe(false);
    expect((await authOf(byUser.F_Id, zhangsan)).canLaunch).toBe(true);
    expect((await authOf(byUser.F_Id, admin)).canLaunch).toBe(false);
    expect((await authOf(open.F_Id, zhangsan)).canLaunch).toBe(true);

    const launchable = async (token: string, query = '') => (await t.get(`/api/workflow-scheme-info/launchable${query}`, token)).json().data;
    const ids = (d: { Rows: { F_Id: string }[] }) => d.Rows.map((r) => r.F_Id);
    const z = await launchable(zhangsan);
    expect(ids(z)).toContain(open.F_Id);
    expect(ids(z)).toContain(byUser.F_Id);
    expect(ids(z)).not.toContain(byRole.F_Id);
    const l = await launchable(lisi);
    expect(ids(l)).toContain(byRole.F_Id);
    expect(ids(l)).not.toContain(byUser.F_Id);
    const groups = z.categories.map((c: { F_Category: string; F_CategoryName: string }) => [c.F_Category, c.F_CategoryName]);
    expect(groups.slice(0, 2)).toEqual([
      ['hr', '人事'],
      ['finance', '财务'],
    ]);
    expect(ids(await launchable(zhangsan, '?F_Category=finance'))).toEqual([open.F_Id]);
    expect(ids(await launchable(zhangsan, '?keyword=Zhangsan%20only'))).toEqual([byUser.F_Id]);

    // The form list for launching follows the same rule.
    expect((await t.get(`/api/workflow-relation/formInfo?nwfSchemeInfoId=${byRole.F_Id}`, zhangsan)).statusCode).toBe(403);

    expect((await t.send('PATCH', `/api/workflow-scheme-info/${byUser.F_Id}/stop`, undefined, admin)).json().code).toBe(0);
    expect(ids(await launchable(zhangsan))).not.toContain(byUser.F_Id);
    expect((await authOf(byUser.F_Id, zhangsan)).canLaunch).toBe(false);
    expect((await t.get(`/api/workflow-scheme-info?EnabledMark=0`, admin)).json().data.Rows.map((r: { F_Id: string }) => r.F_Id)).toContain(byUser.F_Id);
    expect((await t.send('PATCH', `/api/workflow-scheme-info/${byUser.F_Id}/start`, undefined, admin)).json().code).toBe(0);
    expect(ids(await launchable(zhangsan))).toContain(byUser.F_Id);

    // The reusable check the engine uses.
    const row = await t.deps.db.selectFrom('wf_schemes').where('id', '=', byRole.F_Id).selectAll().executeTakeFirstOrThrow();
    expect(await canLaunch(t.deps.db, { userId: users.lisi!, tenantId }, row)).toBe(true);
    expect(await canLaunch(t.deps.db, { userId: users.zhangsan!, tenantId }, row)).toBe(false);
  });

  it('does not show the launch key to holders of the list permission only', async () => {
    const s = await createScheme();
    // lisi (manager) may or may not hold the list permission; the key is only there with workflow.scheme.edit.
    const res = await t.get(`/api/workflow-scheme-info/info/${s.F_Id}`, lisi);
    if (res.statusCode === 200) {
      const grants = await t.deps.grants.of(tenantId, users.lisi!);
      expect('F_LaunchKey' in res.json().data).toBe(grants.permissions.has('workflow.scheme.edit'));
    } else {
      expect(res.statusCode).toBe(403);
    }
  });
});
