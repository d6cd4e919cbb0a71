import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_ID } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { uniqueName } from '../../test/link-databases.js';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/auth/password.js';
import { parseDefinition } from '../workflow/engine/definition.js';
import { loadFixture } from '../workflow/fixtures/index.js';

/** Real flows through the task API and the engine: launch, handle, transfer, suspend, assign, recall, countersign, launch key. */
describe('workflow task API: flows', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const names: Record<string, string> = {};
  let formId = '';
  let linear = '';
  let choice = '';
  let countersign = '';
  let signation = '';
  let byRole = '';
  let roleId = '';

  type Body = { code: number; data: unknown; msg: string };
  const data = <T = never>(res: { json(): Body }): T => {
    const body = res.json();
    if (body.code !== 0) throw new Error(`code ${body.code}: ${body.msg}`);
    return body.data as T;
  };

  /** Replaces the <wf:config> of one user task by the given configuration. */
  const withConfig = (xml: string, nodeId: string, config: unknown) =>
    xml.replace(
      new RegExp(`(<bpmn:userTask id="${nodeId}"[^>]*>\\s*<bpmn:extensionElements><wf:config>)[^<]*(</wf:config>)`),
      (_, a: string, b: string) => `${a}${JSON.stringify(config).replace(/"/g, '&quot;')}${b}`,
    );

  async function deploy(code: string, xml: string, launchKey = '') {
    const parsed = await parseDefinition(xml);
    const schemeId = newId();
    const versionId = newId();
    await t.deps.db
      .insertInto('wf_schemes')
      .values({
        id: schemeId,
        tenant_id: 'default',
        code,
        name: `${code} scheme`,
        auth_objects: '[]',
        current_version_id: null,
        created_by: null,
        launch_key: launchKey,
      })
      .execute();
    await t.deps.db
      .insertInto('wf_scheme_versions')
      .values({ id: versionId, tenant_id: 'default', scheme_id: schemeId, version: 1, xml, graph: JSON.stringify(parsed.graph), created_by: null })
      .execute();
    await t.deps.db.updateTable('wf_schemes').set({ current_version_id: versionId }).where('id', '=', schemeId).execute();
    await t.deps.db
      .insertInto('wf_relations')
      .values({ id: newId(), tenant_id: 'default', scheme_id: schemeId, form_id: formId, form_type: 0, name: '申请单', created_by: null })
      .execute();
    return schemeId;
  }

  const formValue = (title: string) => [{ F_FormId: formId, F_Type: 0, formData: { F_Title: title, F_Secret: 'hidden' } }];
  const start = async (account: string, schemeId: string, title: string, extra: Record<string, unknown> = {}) =>
    data<{ retCode: number; processInstanceId: string }>(
      await t.send('POST', '/api/workflow-task/create-process', { schemeId, formValue: formValue(title), ...extra }, tok[account]),
    );
  const todo = async (account: string, instanceId: string) => {
    const list = data<{ Rows: { taskId: string; processInstanceId: string; taskName: string }[] }>(
      await t.get('/api/workflow-task/upcoming-task?size=100', tok[account]),
    );
    return list.Rows.filter((r) => r.processInstanceId === instanceId);
  };
  const handle = (account: string, taskId: string, extra: Record<string, unknown> = {}) =>
    t.send('POST', '/api/workflow-task/task-handle', { taskId, btnValue: 'agree_', message: 'ok', ...extra }, tok[account]);
  const texts = async (instanceId: string, lang?: string) =>
    data<{ text: string }[]>(
      await t.get(`/api/workflow-task/history-taskList?processInstanceId=${instanceId}`, tok.admin, lang ? { 'accept-language': lang } : {}),
    ).map((r) => r.text);

  beforeAll(async () => {
    t = await createTestApp();
    for (const a of ['admin', 'lisi', 'zhangsan', 'wangwu']) tok[a] = await t.login(a);
    for (const u of await t.deps.db.selectFrom('users').select(['id', 'account', 'real_name']).where('tenant_id', '=', 'default').execute()) {
      ids[u.account] = u.id;
      names[u.account] = u.real_name;
    }
    const table = uniqueName('wf_apply');
    const field = (n: number, vModel: string) => ({ __vModel__: vModel, __config__: { formId: n, avueType: 'input', label: vModel, bindTable: table } });
    const saved = data<{ F_Id: string }>(
      await t.send(
        'POST',
        '/api/form-scheme/customtable',
        {
          F_Name: '申请单',
          F_Type: 0,
          F_Scheme: { data: [field(1, 'F_Title'), field(2, 'F_Secret')] },
          tableInfo: [{ dbId: DEFAULT_LINK_ID, name: table, type: 'main' }],
        },
        tok.admin,
      ),
    );
    formId = saved.F_Id;
    const users = { lisi: ids.lisi!, wangwu: ids.wangwu!, admin: ids.admin! };
    const authority = {
      [formId]: [
        { formId: 1, view: true, edit: true, required: false },
        { formId: 2, view: false, edit: false, required: false },
      ],
    };
    const base = loadFixture('linear', users);
    linear = await deploy(
      'linear',
      withConfig(base, 'manager', { candidates: [{ type: 'user', ids: [ids.lisi] }], formAuthority: authority, signation: false }),
      'launch-secret',
    );
    choice = await deploy('choice', withConfig(base, 'finance', { candidates: [{ type: 'user', ids: [ids.wangwu, ids.admin] }], approverChoice: true }));
    countersign = await deploy('countersign', loadFixture('countersign-parallel', { ...users, zhangsan: ids.zhangsan! }));
    const csXml = loadFixture('countersign-parallel', { ...users, zhangsan: ids.zhangsan! });
    signation = await deploy('signation', withConfig(csXml, 'sign', { candidates: [{ type: 'user', ids: [ids.lisi, ids.wangwu] }], signation: true }));
    roleId = (await t.deps.db.selectFrom('user_roles').select('role_id').where('user_id', '=', ids.lisi!).executeTakeFirstOrThrow()).role_id;
    byRole = await deploy('byrole', withConfig(base, 'manager', { candidates: [{ type: 'role', ids: [roleId] }] }));
  });
  afterAll(() => t?.close());

  it('the timer poller starts with the app when config.workflowTimers is not false, and stops on close', async () => {
    const other = await createTestApp({ workflowTimers: true });
    await other.close();
  });

  it('a linear flow: task form authority, timeline at each step in zh and en, transfer, history', async () => {
    const { retCode, processInstanceId: id } = await start('zhangsan', linear, '出差申请');
    expect(retCode).toBe(0);
    expect(await texts(id)).toEqual([`${names.zhangsan} 创建了流程`, '正在审批']);
    expect(await texts(id, 'en')).toEqual([`${names.zhangsan} created the process`, 'Being approved']);

    const [task] = await todo('lisi', id);
    expect(task!.taskName).toBe('Manager approval');
    const form = data<{
      forms: {
        formData: Record<string, unknown>;
        primaryKey: string;
        F_Scheme: { data: unknown[] };
        formFieldInfo: { children: { formId: number; view: boolean }[] };
      }[];
      processInfo: { btnInfo: unknown[] };
    }>(await t.get(`/api/workflow-task/task-form?taskId=${task!.taskId}`, tok.lisi));
    expect(form.forms).toHaveLength(1);
    expect(form.forms[0]!.formData.F_Title).toBe('出差申请');
    expect(form.forms[0]!.formData).not.toHaveProperty('F_Secret');
    expect(form.forms[0]!.F_Scheme.data).toHaveLength(2);
    expect(form.forms[0]!.formFieldInfo.children.find((c) => c.formId === 2)!.view).toBe(false);
    expect(form.processInfo.btnInfo).toHaveLength(2);
    // The starter reading the instance sees every field (no node authority), read only.
    const starterView = data<{ readOnly: boolean; forms: { formData: Record<string, unknown> }[] }>(
      await t.get(`/api/workflow-task/task-form?processInstanceId=${id}`, tok.zhangsan),
    );
    expect(starterView.readOnly).toBe(true);
    expect(starterView.forms[0]!.formData.F_Secret).toBe('hidden');

    expect(data<{ retCode: number }>(await handle('lisi', task!.taskId)).retCode).toBe(0);
    // The first launch and approval of this app, counted once each after their transactions (GET /api/metrics).
    const approvals = (await t.deps.metrics.text()).split('\n').filter((line) => line.startsWith('workflow_approvals_total{'));
    expect(approvals).toEqual(['workflow_approvals_total{action="create_process"} 1', 'workflow_approvals_total{action="task_handle"} 1']);
    expect(await texts(id)).toEqual([`${names.zhangsan} 创建了流程`, `${names.lisi} 同意 流转到 Finance approval`, '正在审批']);
    expect(await texts(id, 'en')).toEqual([`${names.zhangsan} created the process`, `${names.lisi} 同意, flowed to Finance approval`, 'Being approved']);

    const [finance] = await todo('wangwu', id);
    const transfer = await t.send('POST', '/api/workflow-task/transfer', { taskId: finance!.taskId, userId: ids.admin, message: '请代审' }, tok.wangwu);
    expect(transfer.json()).toMatchObject({ code: 0, msg: '转办成功' });
    expect(await todo('wangwu', id)).toHaveLength(0);
    const [moved] = await todo('admin', id);
    expect(data<{ retCode: number }>(await handle('admin', moved!.taskId)).retCode).toBe(0);
    const final = await texts(id);
    expect(final[0]).toBe(`${names.zhangsan} 创建了流程`);
    expect(final.at(-1)).toBe('审批结束');
    expect(final).not.toContain('正在审批');
    expect((await texts(id, 'en')).at(-1)).toBe('Approval finished');

    const done = data<{ Rows: { processInstanceId: string; btnValue: string }[] }>(await t.get('/api/workflow-task/history-task', tok.lisi));
    expect(done.Rows.some((r) => r.processInstanceId === id && r.btnValue === 'agree_')).toBe(true);
    const mine = data<{ Rows: { processInstanceId: string; state: string; currentNodes: string }[] }>(await t.get('/api/workflow-task/my-task', tok.zhangsan));
    expect(mine.Rows.find((r) => r.processInstanceId === id)).toMatchObject({ state: 'completed', currentNodes: '' });
    // Finished: the starter may put it in the recycle bin.
    expect(data(await t.send('DELETE', `/api/workflow-task/to-recyclebin/${id}`, undefined, tok.zhangsan))).toBeNull();
  });

  it('retCode 2 through the API: choose the next approvers, then the chosen one gets the task', async () => {
    const { processInstanceId: id } = await start('zhangsan', choice, '选择审批人');
    const [task] = await todo('lisi', id);
    const asked = await handle('lisi', task!.taskId);
    expect(asked.json().code).toBe(0);
    const answer = asked.json().data as { retCode: number; nodes: { taskId: string; userList: { F_UserId: string }[] }[] };
    expect(answer.retCode).toBe(2);
    expect(answer.nodes[0]!.taskId).toBe('finance');
    expect(answer.nodes[0]!.userList.map((u) => u.F_UserId).sort()).toEqual([ids.wangwu, ids.admin].sort());
    expect(await todo('lisi', id)).toHaveLength(1); // nothing changed
    expect(data<{ retCode: number }>(await handle('lisi', task!.taskId, { userJson: [{ taskId: 'finance', userList: [ids.admin] }] })).retCode).toBe(0);
    expect(await todo('wangwu', id)).toHaveLength(0);
    expect(await todo('admin', id)).toHaveLength(1);
  });

  it('monitor: suspend refuses task-handle, resume, assign', async () => {
    const { processInstanceId: id } = await start('zhangsan', linear, '挂起测试');
    const [task] = await todo('lisi', id);
    expect((await t.send('POST', '/api/workflow-monitor/suspend-process', { processInstanceId: id }, tok.zhangsan)).statusCode).toBe(403);
    expect(data(await t.send('POST', '/api/workflow-monitor/suspend-process', { processInstanceId: id }, tok.admin))).toBeNull();
    expect((await todo('lisi', id))[0]).toMatchObject({ isSuspended: true });
    const refused = await handle('lisi', task!.taskId);
    expect(refused.json().code).not.toBe(0);
    expect(refused.json().msg).toBe('流程已挂起，暂不能处理');
    const unfinished = data<{ Rows: { processInstanceId: string; state: string }[] }>(
      await t.get('/api/workflow-monitor/unfinished-tasks?size=100', tok.admin),
    );
    expect(unfinished.Rows.find((r) => r.processInstanceId === id)!.state).toBe('suspended');
    expect(data(await t.send('POST', '/api/workflow-monitor/resume-process', { processInstanceId: id }, tok.admin))).toBeNull();
    expect(data(await t.send('PATCH', '/api/workflow-monitor/assign', { taskId: task!.taskId, userId: ids.wangwu }, tok.admin))).toBeNull();
    expect(await todo('lisi', id)).toHaveLength(0);
    expect(data<{ retCode: number }>(await handle('wangwu', task!.taskId)).retCode).toBe(0);
  });

  it('recall, reinitiate, recycle and delete', async () => {
    const { processInstanceId: id } = await start('zhangsan', linear, '撤回测试');
    expect((await t.send('POST', '/api/workflow-task/recall-process', { processInstanceId: id }, tok.lisi)).json().code).not.toBe(0);
    expect(data(await t.send('POST', '/api/workflow-task/recall-process', { processInstanceId: id }, tok.zhangsan))).toBeNull();
    expect(await todo('lisi', id)).toHaveLength(0);
    const again = data<{ retCode: number; processInstanceId: string }>(
      await t.send('POST', '/api/workflow-task/reinitiate-process', { processInstanceId: id }, tok.zhangsan),
    );
    expect(again.retCode).toBe(0);
    const running = again.processInstanceId || id;
    expect(await todo('lisi', running)).toHaveLength(1);
    // The recalled one (when reinitiate made a new instance) or a second recall goes to the bin and is deleted.
    const second = await start('zhangsan', linear, '回收站测试');
    await t.send('POST', '/api/workflow-task/recall-process', { processInstanceId: second.processInstanceId }, tok.zhangsan);
    expect(data(await t.send('DELETE', `/api/workflow-task/to-recyclebin/${second.processInstanceId}`, undefined, tok.zhangsan))).toBeNull();
    expect(data(await t.send('DELETE', `/api/workflow-task/delete-processinstance/${second.processInstanceId}`, undefined, tok.zhangsan))).toBeNull();
    expect((await t.get(`/api/workflow-task/history-taskList?processInstanceId=${second.processInstanceId}`, tok.zhangsan)).statusCode).toBe(404);
  });

  it('countersign: timeline labelled 会签审批, signature users, add and subtract signers', async () => {
    const { processInstanceId: id } = await start('zhangsan', countersign, '会签测试');
    const [lisiTask] = await todo('lisi', id);
    expect(lisiTask).toBeDefined();
    const signers = data<{ F_UserId: string }[]>(await t.get(`/api/workflow-task/signature-users?taskId=${lisiTask!.taskId}`, tok.lisi));
    expect(signers.map((s) => s.F_UserId).sort()).toEqual([ids.lisi, ids.wangwu].sort());
    expect(data<{ retCode: number }>(await handle('lisi', lisiTask!.taskId)).retCode).toBe(0);
    const zh = await texts(id);
    expect(zh.some((x) => x.startsWith(`会签审批：${names.lisi} 同意`))).toBe(true);
    expect((await texts(id, 'en')).some((x) => x.startsWith(`Countersign approval: ${names.lisi} 同意`))).toBe(true);
    const [wangwuTask] = await todo('wangwu', id);
    expect(data<{ retCode: number }>(await handle('wangwu', wangwuTask!.taskId)).retCode).toBe(0);
  });

  it('signature: add then subtract a signer on a countersign node', async () => {
    const { processInstanceId: id } = await start('zhangsan', signation, '加减签');
    const [task] = await todo('lisi', id);
    const add = await t.send('POST', '/api/workflow-task/signature', { taskId: task!.taskId, userListStr: ids.admin, type: 'add' }, tok.lisi);
    expect(add.json()).toMatchObject({ code: 0, msg: '加减签成功' });
    expect(await todo('admin', id)).toHaveLength(1);
    const signers = data<{ F_UserId: string }[]>(await t.get(`/api/workflow-task/signature-users?taskId=${task!.taskId}`, tok.lisi));
    expect(signers.map((x) => x.F_UserId)).toContain(ids.admin);
    expect(data(await t.send('POST', '/api/workflow-task/signature', { taskId: task!.taskId, userListStr: ids.admin, type: 'subtract' }, tok.lisi))).toBeNull();
    expect(await todo('admin', id)).toHaveLength(0);
    // A node without signation refuses.
    const plain = await start('zhangsan', countersign, '不可加签');
    const [other] = await todo('lisi', plain.processInstanceId);
    expect(
      (await t.send('POST', '/api/workflow-task/signature', { taskId: other!.taskId, userListStr: ids.admin, type: 'add' }, tok.lisi)).json().code,
    ).not.toBe(0);
  });

  it('change-candidate and again-candidate', async () => {
    const { processInstanceId: id } = await start('zhangsan', linear, '更换审批人');
    const [task] = await todo('lisi', id);
    const changed = await t.send(
      'PUT',
      `/api/workflow-task/change-candidate?taskId=${task!.taskId}&oldUserId=${ids.lisi}&newUserId=${ids.wangwu}`,
      undefined,
      tok.lisi,
    );
    expect(changed.json().code).toBe(0);
    expect(await todo('lisi', id)).toHaveLength(0);
    expect(await todo('wangwu', id)).toHaveLength(1);

    const second = await start('zhangsan', byRole, '角色审批');
    const [roleTask] = await todo('lisi', second.processInstanceId);
    expect(await todo('zhangsan', second.processInstanceId)).toHaveLength(0);
    await t.deps.db.insertInto('user_roles').values({ tenant_id: 'default', user_id: ids.zhangsan!, role_id: roleId }).execute();
    expect((await t.send('POST', '/api/workflow-task/again-candidate', { taskId: roleTask!.taskId }, tok.wangwu)).statusCode).toBe(403);
    const again = data<{ F_UserId: string }[]>(await t.send('POST', '/api/workflow-task/again-candidate', { taskId: roleTask!.taskId }, tok.zhangsan));
    expect(again.map((u) => u.F_UserId)).toContain(ids.zhangsan);
    expect(await todo('zhangsan', second.processInstanceId)).toHaveLength(1);
    expect(await todo('lisi', second.processInstanceId)).toHaveLength(1);
    await t.deps.db.deleteFrom('user_roles').where('user_id', '=', ids.zhangsan!).where('role_id', '=', roleId).execute();
  });

  it('stamps: validate-signation, wrong password retCode 1, the stamp image in comments and the timeline', async () => {
    const stampId = newId();
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    await t.deps.db
      .insertInto('wf_stamps')
      .values({ id: stampId, tenant_id: 'default', name: '李四签名', password_hash: await hashPassword('pw-1'), file_type: 2, file: image, created_by: null })
      .execute();
    await t.deps.db.insertInto('wf_stamp_users').values({ stamp_id: stampId, user_id: ids.lisi!, kind: 'member', tenant_id: 'default' }).execute();
    expect(data(await t.get(`/api/workflow-task/validate-signation?stampId=${stampId}&password=pw-1`, tok.lisi))).toEqual({ valid: true });
    expect(data(await t.send('POST', '/api/workflow-task/validate-signation', { stampId, password: 'nope' }, tok.lisi))).toEqual({ valid: false });
    expect(data(await t.get(`/api/workflow-task/validate-signation?stampId=${stampId}&password=pw-1`, tok.wangwu))).toEqual({ valid: false });

    const stamped = await deploy(
      'stamped',
      withConfig(loadFixture('linear', { lisi: ids.lisi!, wangwu: ids.wangwu! }), 'manager', {
        candidates: [{ type: 'user', ids: [ids.lisi] }],
        needPassword: true,
      }),
    );
    const { processInstanceId: id } = await start('zhangsan', stamped, '签章');
    const asked = data<{ processInfo: { nodeInfo: { needpassword: number } } }>(
      await t.get(`/api/workflow-task/task-form?processInstanceId=${id}`, tok.zhangsan),
    );
    expect(asked.processInfo.nodeInfo.needpassword).toBe(1); // a reader: no node
    const [mine] = await todo('lisi', id);
    const form = data<{ processInfo: { nodeInfo: { needpassword: number } } }>(await t.get(`/api/workflow-task/task-form?taskId=${mine!.taskId}`, tok.lisi));
    expect(form.processInfo.nodeInfo.needpassword).toBe(2);
    const [task] = await todo('lisi', id);
    const wrong = await handle('lisi', task!.taskId, { esignature: stampId, esignature_pwd: 'nope' });
    expect(wrong.json()).toMatchObject({ code: 0, data: { retCode: 1 } });
    expect(await todo('lisi', id)).toHaveLength(1);
    expect(data<{ retCode: number }>(await handle('lisi', task!.taskId, { esignature: stampId, esignature_pwd: 'pw-1', message: '同意报销' })).retCode).toBe(0);
    const view = data<{ processInfo: { task_comment: { esignature: string; message: string; createUser: string }[]; roams: { esignature: string | null }[] } }>(
      await t.get(`/api/workflow-task/task-form?processInstanceId=${id}`, tok.zhangsan),
    );
    expect(view.processInfo.task_comment).toMatchObject([{ esignature: image, message: '同意报销', createUser: names.lisi }]);
    expect(view.processInfo.roams.some((r) => r.esignature === image)).toBe(true);
  });

  it('delegation: the delegate sees the delegator as owner, the timeline says on whose behalf', async () => {
    const delegation = newId();
    await t.deps.db
      .insertInto('wf_delegates')
      .values({
        id: delegation,
        tenant_id: 'default',
        user_id: ids.lisi!,
        delegate_user_id: ids.wangwu!,
        scheme_ids: '[]',
        start_at: new Date(Date.now() - 60_000),
        end_at: new Date(Date.now() + 3600_000),
        created_by: null,
      })
      .execute();
    try {
      const { processInstanceId: id } = await start('zhangsan', linear, '委托');
      expect(await todo('lisi', id)).toHaveLength(0);
      const list = data<{ Rows: { processInstanceId: string; taskId: string; owner: string | null; ownerName: string | null }[] }>(
        await t.get('/api/workflow-task/upcoming-task?size=100', tok.wangwu),
      );
      const row = list.Rows.find((r) => r.processInstanceId === id)!;
      expect(row).toMatchObject({ owner: ids.lisi, ownerName: names.lisi });
      expect(data<{ retCode: number }>(await handle('wangwu', row.taskId)).retCode).toBe(0);
      expect((await texts(id))[1]).toBe(`${names.wangwu}（代 ${names.lisi}） 同意 流转到 Finance approval`);
      expect((await texts(id, 'en'))[1]).toBe(`${names.wangwu} (for ${names.lisi}) 同意, flowed to Finance approval`);
    } finally {
      await t.deps.db.deleteFrom('wf_delegates').where('id', '=', delegation).execute();
    }
  });

  it('drafts: a launch from a draft deletes it', async () => {
    const draft = data<{ F_Id: string }>(
      await t.send('POST', '/api/workflow-task/saveOrEditTempfiledInfo', { schemeId: linear, name: '草稿', formValue: formValue('草稿') }, tok.zhangsan),
    );
    await start('zhangsan', linear, '草稿发起', { draftId: draft.F_Id });
    const list = data<{ Rows: { F_Id: string }[] }>(await t.get('/api/workflow-task/getTempfiledInfoList', tok.zhangsan));
    expect(list.Rows.map((r) => r.F_Id)).not.toContain(draft.F_Id);
  });

  it('circulation: forwarderList readers see it in manual-task and may read the instance', async () => {
    const { processInstanceId: id } = await start('zhangsan', linear, '传阅测试');
    const [task] = await todo('lisi', id);
    await handle('lisi', task!.taskId, { forwarderList: [{ F_ObjId: ids.admin, F_ObjName: 'admin', F_ObjType: '3' }] });
    const list = data<{ Rows: { F_Id: string; processInstanceId: string; isRead: boolean }[] }>(
      await t.get('/api/workflow-task/manual-task?size=100', tok.admin),
    );
    const row = list.Rows.find((r) => r.processInstanceId === id)!;
    expect(row.isRead).toBe(false);
    await t.send('POST', `/api/workflow-task/circulation-read/${row.F_Id}`, {}, tok.admin);
    const after = data<{ Rows: { F_Id: string; isRead: boolean }[] }>(await t.get('/api/workflow-task/manual-task?size=100', tok.admin));
    expect(after.Rows.find((r) => r.F_Id === row.F_Id)!.isRead).toBe(true);
  });

  it('create-processform: a launch over an existing record keeps its values', async () => {
    const first = await start('zhangsan', linear, '已有记录');
    const instance = await t.deps.db.selectFrom('wf_instances').select('form_keys').where('id', '=', first.processInstanceId).executeTakeFirstOrThrow();
    const key = instance.form_keys[0]!.F_Id;
    const url = `/api/workflow-task/create-processform?nwfSchemeInfoId=${linear}&F_FormId=${formId}&keyValue=${key}`;
    expect((await t.send('POST', url, undefined, tok.lisi)).statusCode).toBe(404); // someone else's record
    expect(
      (
        await t.send('POST', `/api/workflow-task/create-processform?nwfSchemeInfoId=${linear}&F_FormId=${newId()}&keyValue=${key}`, undefined, tok.zhangsan)
      ).json().msg,
    ).toBe('表单不属于该流程');
    const res = data<{ retCode: number; processInstanceId: string }>(await t.send('POST', url, undefined, tok.zhangsan));
    expect(res.retCode).toBe(0);
    const view = data<{ forms: { primaryKey: string; formData: Record<string, unknown> }[] }>(
      await t.get(`/api/workflow-task/task-form?processInstanceId=${res.processInstanceId}`, tok.zhangsan),
    );
    expect(view.forms[0]).toMatchObject({ formData: { F_Title: '已有记录' } });
    expect(key).toBeTruthy();
  });

  it('create-processform: form_keys point to the existing record itself', async () => {
    const first = await start('zhangsan', linear, '同一记录');
    const before = await t.deps.db.selectFrom('wf_instances').select('form_keys').where('id', '=', first.processInstanceId).executeTakeFirstOrThrow();
    const key = before.form_keys[0]!.F_Id;
    const url = `/api/workflow-task/create-processform?nwfSchemeInfoId=${linear}&F_FormId=${formId}&keyValue=${key}`;
    const res = data<{ retCode: number; processInstanceId: string }>(await t.send('POST', url, undefined, tok.zhangsan));
    expect(res.retCode).toBe(0);
    const after = await t.deps.db
      .selectFrom('wf_instances')
      .select(['form_keys', 'variables'])
      .where('id', '=', res.processInstanceId)
      .executeTakeFirstOrThrow();
    expect(after.form_keys).toEqual([expect.objectContaining({ F_FormId: formId, F_Type: 0, F_Id: key })]);
    // the record's values are the form snapshot conditions read
    expect((after.variables as Record<string, Record<string, unknown>>).__form).toMatchObject({ F_Title: '同一记录' });
    const view = data<{ forms: { primaryKey: string; formData: Record<string, unknown> }[] }>(
      await t.get(`/api/workflow-task/task-form?processInstanceId=${res.processInstanceId}`, tok.zhangsan),
    );
    expect(view.forms[0]).toMatchObject({ primaryKey: key, formData: { F_Title: '同一记录' } });
  });

  it('view-process renders the diagram by its signed address', async () => {
    const { processInstanceId: id } = await start('zhangsan', linear, '流程图');
    const { url } = data<{ url: string }>(await t.get(`/api/workflow-task/view-process-url?processInstanceId=${id}`, tok.zhangsan));
    const svg = await t.get(url);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(svg.body).toContain('<svg');
  });

  it('/nwfschemeinfo/createProcess: a good sign starts as the account, a replay is refused', async () => {
    const ts = Date.now();
    const sign = createHmac('sha256', 'launch-secret').update(`default:linear:zhangsan:${ts}`).digest('hex');
    const payload = new URLSearchParams({
      tenantCode: 'default',
      schemeCode: 'linear',
      account: 'zhangsan',
      timestamp: String(ts),
      sign,
      formData: JSON.stringify(formValue('外部发起')),
    }).toString();
    const post = () =>
      t.app.inject({ method: 'POST', url: '/api/nwfschemeinfo/createProcess', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
    const ok = await post();
    expect(ok.json()).toMatchObject({ code: 0, data: { retCode: 0 } });
    const id = ok.json().data.processInstanceId as string;
    expect((await t.deps.db.selectFrom('wf_instances').select('starter_id').where('id', '=', id).executeTakeFirstOrThrow()).starter_id).toBe(ids.zhangsan);
    expect(await todo('lisi', id)).toHaveLength(1);
    const replay = await post();
    expect(replay.statusCode).toBe(403);
  });

  describe('double submits', () => {
    const instancesOf = async (title: string) =>
      (await t.deps.db.selectFrom('wf_instances').select('id').where('tenant_id', '=', 'default').where('name', 'like', `%${title}%`).execute()).length;
    const launch = (title: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      t.send('POST', '/api/workflow-task/create-process', { schemeId: linear, name: title, formValue: formValue(title), ...extra }, tok.zhangsan, headers);

    it('ten launches with one Idempotency-Key make one instance; every answer names it', async () => {
      const key = `launch-${newId()}`;
      const launched = async () => Number(/workflow_approvals_total\{action="create_process"\} (\d+)/.exec(await t.deps.metrics.text())?.[1] ?? 0);
      const before = await launched();
      const answers = await Promise.all(Array.from({ length: 10 }, () => launch('幂等发起', {}, { 'idempotency-key': key })));
      const ids = answers.map((res) => data<{ retCode: number; processInstanceId: string }>(res).processInstanceId);
      expect(new Set(ids).size).toBe(1);
      expect(await instancesOf('幂等发起')).toBe(1);
      // The metrics count the launch once, not the repeated answers.
      expect((await launched()) - before).toBe(1);
      // A key is the caller's: another user's identical key acts on its own.
      expect(
        (
          await t.send('POST', '/api/workflow-task/create-process', { schemeId: linear, formValue: formValue('幂等他人') }, tok.lisi, {
            'idempotency-key': key,
          })
        ).json().code,
      ).toBe(0);
    });

    it('a key of the wrong shape is a 400, a key reused for another action a 409; neither acts', async () => {
      const bad = await launch('坏键', {}, { 'idempotency-key': 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toContain('Idempotency-Key');
      const key = `reuse-${newId()}`;
      const first = data<{ processInstanceId: string }>(await launch('键复用', {}, { 'idempotency-key': key }));
      const [task] = await todo('lisi', first.processInstanceId);
      const reused = await t.send('POST', '/api/workflow-task/task-handle', { taskId: task!.taskId, btnValue: 'agree_', message: 'ok' }, tok.zhangsan, {
        'idempotency-key': key,
      });
      expect(reused.statusCode).toBe(409);
      expect(await instancesOf('坏键')).toBe(0);
    });

    it('ten launches from one draft make one instance; the others are refused and the draft is gone; a made-up draft is refused', async () => {
      const draft = data<{ F_Id: string }>(
        await t.send(
          'POST',
          '/api/workflow-task/saveOrEditTempfiledInfo',
          { schemeId: linear, name: '并发草稿', formValue: formValue('并发草稿') },
          tok.zhangsan,
        ),
      );
      const answers = await Promise.all(Array.from({ length: 10 }, () => launch('并发草稿发起', { draftId: draft.F_Id })));
      expect(answers.filter((res) => res.json().code === 0)).toHaveLength(1);
      expect(answers.filter((res) => res.statusCode === 404)).toHaveLength(9);
      expect(await instancesOf('并发草稿发起')).toBe(1);
      expect(await t.deps.db.selectFrom('wf_drafts').select('id').where('id', '=', draft.F_Id).executeTakeFirst()).toBeUndefined();
      const madeUp = await launch('虚构草稿', { draftId: newId() });
      expect(madeUp.statusCode).toBe(404);
      expect(await instancesOf('虚构草稿')).toBe(0);
    });

    it('an approval sent twice with one key is done once and both answers agree', async () => {
      const { processInstanceId } = await start('zhangsan', linear, '重复审批');
      const [task] = await todo('lisi', processInstanceId);
      const key = `handle-${newId()}`;
      const send = () =>
        t.send('POST', '/api/workflow-task/task-handle', { taskId: task!.taskId, btnValue: 'agree_', message: 'ok' }, tok.lisi, { 'idempotency-key': key });
      const [a, b] = await Promise.all([send(), send()]);
      expect(a.json()).toEqual(b.json());
      expect(a.json().code).toBe(0);
      const approvals = await t.deps.db
        .selectFrom('wf_history')
        .select('id')
        .where('instance_id', '=', processInstanceId)
        .where('node_id', '=', 'manager')
        .execute();
      expect(approvals).toHaveLength(1);
    });
  });
});
