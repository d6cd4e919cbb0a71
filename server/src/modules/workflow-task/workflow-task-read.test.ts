import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newId } from '../../core/ids.js';
import { parseDefinition } from '../workflow/engine/definition.js';
import { loadFixture } from '../workflow/fixtures/index.js';

/**
 * The read side of the task API against rows written directly (lists, paging, filters, timeline wording, access,
 * drafts, circulation receipts, recycle bin, monitor lists, the refusals of the tokenless launch).
 */
describe('workflow task API: reads', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let schemeId = '';
  let versionId = '';
  let instanceId = '';
  let openTaskId = '';
  let otherInstance = '';
  let circulationId = '';

  const data = (res: { json(): { code: number; data: unknown; msg: string } }) => {
    const body = res.json();
    if (body.code !== 0) throw new Error(`code ${body.code}: ${body.msg}`);
    return body.data as never;
  };

  async function instance(starter: string, name: string, state = 'running', createdAt = new Date()) {
    const id = newId();
    await t.deps.db
      .insertInto('wf_instances')
      .values({
        id,
        tenant_id: 'default',
        root_id: id,
        scheme_id: schemeId,
        version_id: versionId,
        name,
        state: state as 'running',
        starter_id: ids[starter]!,
        variables: '{}',
        form_keys: '[]',
        related: '[]',
        created_at: createdAt,
        completed_at: state === 'completed' ? createdAt : null,
      })
      .execute();
    await t.deps.db
      .insertInto('wf_history')
      .values({
        id: newId(),
        tenant_id: 'default',
        instance_id: id,
        node_id: 'start',
        node_name: 'Start',
        node_type: 'startEvent',
        action: 'start',
        user_id: ids[starter]!,
        candidates: '[]',
        next_nodes: JSON.stringify([{ actName: 'manager', activityName: 'Manager approval', activityType: 'userTask' }]),
        started_at: createdAt,
        ended_at: createdAt,
      })
      .execute();
    return id;
  }

  async function task(instance: string, nodeId: string, nodeName: string, users: string[], state: 'open' | 'done' = 'open') {
    const id = newId();
    await t.deps.db
      .insertInto('wf_tasks')
      .values({
        id,
        tenant_id: 'default',
        instance_id: instance,
        execution_id: newId(),
        node_id: nodeId,
        node_name: nodeName,
        assignee_id: null,
        owner_id: null,
        returned_from: null,
        state,
      })
      .execute();
    for (const u of users)
      await t.deps.db
        .insertInto('wf_task_users')
        .values({ task_id: id, user_id: ids[u]!, tenant_id: 'default', instance_id: instance, open: state === 'open' })
        .execute();
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    for (const a of ['admin', 'lisi', 'zhangsan', 'wangwu']) tok[a] = await t.login(a);
    for (const u of await t.deps.db.selectFrom('users').select(['id', 'account']).where('tenant_id', '=', 'default').execute()) ids[u.account] = u.id;
    const xml = loadFixture('linear', ids);
    const parsed = await parseDefinition(xml);
    schemeId = newId();
    versionId = newId();
    await t.deps.db
      .insertInto('wf_schemes')
      .values({
        id: schemeId,
        tenant_id: 'default',
        code: 'linear',
        name: '线性审批',
        auth_objects: '[]',
        current_version_id: null,
        created_by: null,
        launch_key: 'secret-key',
      })
      .execute();
    await t.deps.db
      .insertInto('wf_scheme_versions')
      .values({ id: versionId, tenant_id: 'default', scheme_id: schemeId, version: 1, xml, graph: JSON.stringify(parsed.graph), created_by: null })
      .execute();
    await t.deps.db.updateTable('wf_schemes').set({ current_version_id: versionId }).where('id', '=', schemeId).execute();

    instanceId = await instance('zhangsan', '请假-张三', 'running', new Date('2026-11-20T02:00:00Z'));
    const done = await task(instanceId, 'manager', 'Manager approval', ['lisi'], 'done');
    await t.deps.db
      .insertInto('wf_history')
      .values({
        id: newId(),
        tenant_id: 'default',
        instance_id: instanceId,
        task_id: done,
        node_id: 'manager',
        node_name: 'Manager approval',
        node_type: 'userTask',
        action: 'agree_',
        user_id: ids.lisi!,
        btn_value: 'agree_',
        btn_name: '同意',
        message: 'ok',
        candidates: JSON.stringify([ids.lisi]),
        next_nodes: JSON.stringify([{ actName: 'finance', activityName: 'Finance approval', activityType: 'userTask' }]),
        ended_at: new Date(),
      })
      .execute();
    openTaskId = await task(instanceId, 'finance', 'Finance approval', ['wangwu']);
    await t.deps.db
      .insertInto('wf_history')
      .values({
        id: newId(),
        tenant_id: 'default',
        instance_id: instanceId,
        task_id: openTaskId,
        node_id: 'finance',
        node_name: 'Finance approval',
        node_type: 'userTask',
        action: 'node',
        candidates: JSON.stringify([ids.wangwu]),
        next_nodes: '[]',
      })
      .execute();
    circulationId = newId();
    await t.deps.db
      .insertInto('wf_circulations')
      .values({
        id: circulationId,
        tenant_id: 'default',
        instance_id: instanceId,
        task_id: done,
        node_id: 'manager',
        node_name: 'Manager approval',
        user_id: ids.admin!,
        from_user_id: ids.lisi!,
      })
      .execute();

    // Paging material: three more instances of zhangsan, one of lisi that zhangsan takes no part in.
    for (let i = 0; i < 3; i++) await instance('zhangsan', `报销-${i}`, 'completed', new Date(`2026-11-0${i + 1}T02:00:00Z`));
    otherInstance = await instance('lisi', '采购-李四');
    await task(otherInstance, 'manager', 'Manager approval', ['lisi']);
  });
  afterAll(() => t?.close());

  it('upcoming-task: the open tasks of the caller only, with the starter and the scheme', async () => {
    const w = data(await t.get('/api/workflow-task/upcoming-task', tok.wangwu)) as { Rows: Record<string, unknown>[]; Total: number };
    expect(w.Total).toBe(1);
    expect(w.Rows[0]).toMatchObject({
      taskId: openTaskId,
      processInstanceId: instanceId,
      schemeName: '线性审批',
      F_SchemeId: schemeId,
      processName: '请假-张三',
      taskName: 'Finance approval',
      startUserId: ids.zhangsan,
      isSuspended: false,
      owner: null,
    });
    const l = data(await t.get('/api/workflow-task/upcoming-task?keyword=%E9%87%87%E8%B4%AD', tok.lisi)) as { Total: number };
    expect(l.Total).toBe(1);
    const none = data(await t.get('/api/workflow-task/upcoming-task?keyword=nothing', tok.lisi)) as { Total: number };
    expect(none.Total).toBe(0);
  });

  it('history-task: what the caller completed', async () => {
    const h = data(await t.get('/api/workflow-task/history-task', tok.lisi)) as { Rows: Record<string, unknown>[]; Total: number };
    expect(h.Total).toBe(1);
    expect(h.Rows[0]).toMatchObject({ processInstanceId: instanceId, taskName: 'Manager approval', btnValue: 'agree_', btnName: '同意' });
    expect((data(await t.get('/api/workflow-task/history-task', tok.wangwu)) as { Total: number }).Total).toBe(0);
  });

  it('my-task: paged, newest first, with current nodes; scheme and date filters', async () => {
    const p1 = data(await t.get('/api/workflow-task/my-task?limit=1&size=2', tok.zhangsan)) as { Rows: Record<string, unknown>[]; Total: number };
    expect(p1.Total).toBe(4);
    expect(p1.Rows).toHaveLength(2);
    expect(p1.Rows[0]).toMatchObject({ processInstanceId: instanceId, currentNodes: 'Finance approval', state: 'running' });
    const p2 = data(await t.get('/api/workflow-task/my-task?limit=2&size=2', tok.zhangsan)) as { Rows: { processName: string }[] };
    expect(p2.Rows.map((r) => r.processName)).toEqual(['报销-1', '报销-0']);
    const dated = data(await t.get('/api/workflow-task/my-task?startTime=2026-11-02&endTime=2026-11-03', tok.zhangsan)) as { Rows: { processName: string }[] };
    expect(dated.Rows.map((r) => r.processName)).toEqual(['报销-2', '报销-1']);
    expect((data(await t.get(`/api/workflow-task/my-task?F_SchemeId=${newId()}`, tok.zhangsan)) as { Total: number }).Total).toBe(0);
  });

  it('manual-task, circulation read receipt and counts', async () => {
    const before = data(await t.get('/api/workflow-task/counts', tok.admin));
    expect(before).toEqual({ upcoming: 0, circulatedUnread: 1, drafts: 0 });
    const m = data(await t.get('/api/workflow-task/manual-task', tok.admin)) as { Rows: Record<string, unknown>[] };
    expect(m.Rows[0]).toMatchObject({ F_Id: circulationId, isRead: false, taskName: 'Manager approval', readTime: null });
    expect((await t.send('POST', `/api/workflow-task/circulation-read/${circulationId}`, {}, tok.lisi)).json().code).not.toBe(0);
    expect(data(await t.send('POST', `/api/workflow-task/circulation-read/${circulationId}`, {}, tok.admin))).toBeNull();
    const after = data(await t.get('/api/workflow-task/manual-task', tok.admin)) as { Rows: { isRead: boolean; readTime: string }[] };
    expect(after.Rows[0]!.isRead).toBe(true);
    expect(after.Rows[0]!.readTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(data(await t.get('/api/workflow-task/counts', tok.admin))).toMatchObject({ circulatedUnread: 0 });
    expect(data(await t.get('/api/workflow-task/counts', tok.wangwu))).toMatchObject({ upcoming: 1 });
  });

  it('history-taskList: the sentence of each record in zh and en', async () => {
    const zh = data(await t.get(`/api/workflow-task/history-taskList?processInstanceId=${instanceId}`, tok.zhangsan)) as {
      text: string;
      activityType: string;
      manualinfos: { account: string }[];
    }[];
    const zsName = (await t.deps.db.selectFrom('users').select('real_name').where('id', '=', ids.zhangsan!).executeTakeFirstOrThrow()).real_name;
    const lsName = (await t.deps.db.selectFrom('users').select('real_name').where('id', '=', ids.lisi!).executeTakeFirstOrThrow()).real_name;
    expect(zh.map((r) => r.text)).toEqual([`${zsName} 创建了流程`, `${lsName} 同意 流转到 Finance approval`, '正在审批']);
    expect(zh.map((r) => r.activityType)).toEqual(['startEvent', 'userTask', 'userTask']);
    expect(zh[1]!.manualinfos[0]!.account).toBe('lisi');
    expect(zh[2]!.manualinfos[0]!.account).toBe('wangwu');
    const en = data(await t.get(`/api/workflow-task/history-taskList?processInstanceId=${instanceId}`, tok.zhangsan, { 'accept-language': 'en' })) as {
      text: string;
    }[];
    expect(en.map((r) => r.text)).toEqual([`${zsName} created the process`, `${lsName} 同意, flowed to Finance approval`, 'Being approved']);
  });

  it('an instance the caller takes no part in answers 403 workflowTask.noAccess; the monitor sees it', async () => {
    const res = await t.get(`/api/workflow-task/task-form?processInstanceId=${otherInstance}`, tok.zhangsan);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('您无权查看该流程');
    expect((await t.get(`/api/workflow-task/history-taskList?processInstanceId=${otherInstance}`, tok.wangwu)).statusCode).toBe(403);
    expect(data(await t.get(`/api/workflow-task/task-form?processInstanceId=${otherInstance}`, tok.admin))).toMatchObject({ readOnly: true });
  });

  it('task-form: the approver gets the buttons, others read only', async () => {
    const mine = data(await t.get(`/api/workflow-task/task-form?taskId=${openTaskId}`, tok.wangwu)) as {
      readOnly: boolean;
      processInfo: Record<string, unknown> & {
        btnInfo: { value: string }[];
        nodeInfo: Record<string, unknown>;
        rejectnode: { activitiId: string }[];
        task_comment: unknown[];
        roams: unknown[];
      };
    };
    expect(mine.readOnly).toBe(false);
    expect(mine.processInfo.btnInfo.map((b) => b.value)).toEqual(['agree_', 'reject_']);
    expect(mine.processInfo.functionBtnInfo).toEqual([
      { value: 'printing_', name: '打印' },
      { value: 'transfer_', name: '转办' },
    ]);
    expect(mine.processInfo.nodeInfo).toMatchObject({ needpassword: 1, nodeId: 'finance', nodeName: 'Finance approval', multiInstance: false });
    expect(mine.processInfo.rejectnode.map((n) => n.activitiId)).toEqual(['start', 'manager']);
    expect(mine.processInfo.task_comment).toMatchObject([{ btnValue: 'agree_', message: 'ok', nodeName: 'Manager approval' }]);
    expect(mine.processInfo.roams).toHaveLength(3);
    const starter = data(await t.get(`/api/workflow-task/task-form?taskId=${openTaskId}`, tok.zhangsan)) as {
      readOnly: boolean;
      processInfo: { btnInfo: unknown[] };
    };
    expect(starter.readOnly).toBe(true);
    expect(starter.processInfo.btnInfo).toEqual([]);
  });

  it('getTaskInfo, node-info, get-manualinfo, candidate-users, get-taskcanditeusers, signature-users', async () => {
    expect(data(await t.get(`/api/workflow-task/getTaskInfo?operation=audit&taskId=${openTaskId}`, tok.wangwu))).toMatchObject({
      taskId: openTaskId,
      nodeId: 'finance',
      processInstanceId: instanceId,
      schemeName: '线性审批',
      instanceState: 'running',
    });
    const node = data(await t.get(`/api/workflow-task/node-info?processInstanceId=${instanceId}&nodeId=manager`, tok.wangwu)) as {
      nodeName: string;
      approvers: { account: string; done: boolean }[];
      records: unknown[];
    };
    expect(node.nodeName).toBe('Manager approval');
    expect(node.approvers).toMatchObject([{ account: 'lisi', done: true }]);
    const manual = data(await t.get(`/api/workflow-task/get-manualinfo?processInstanceId=${instanceId}`, tok.wangwu)) as { account: string; done: boolean }[];
    expect(manual.map((m) => [m.account, m.done])).toEqual([
      ['lisi', true],
      ['wangwu', false],
    ]);
    const cands = data(await t.get(`/api/workflow-task/candidate-users?processInstanceId=${instanceId}`, tok.zhangsan)) as {
      F_Account: string;
      taskId: string;
    }[];
    expect(cands).toMatchObject([{ F_Account: 'wangwu', taskId: openTaskId }]);
    expect(data(await t.get(`/api/workflow-task/get-taskcanditeusers/taskId=${openTaskId}`, tok.zhangsan))).toMatchObject([{ F_Account: 'wangwu' }]);
    expect(data(await t.get(`/api/workflow-task/signature-users?taskId=${openTaskId}`, tok.wangwu))).toMatchObject([{ F_Account: 'wangwu' }]);
  });

  it('attachments: files of the folders given with actions, with signed addresses', async () => {
    const folderId = newId();
    const fileId = newId();
    await t.deps.db
      .insertInto('file_folders')
      .values({ id: folderId, tenant_id: 'default', owner_id: ids.lisi!, kind: 1, parent_id: null, deleted_at: null })
      .execute();
    await t.deps.db
      .insertInto('files')
      .values({
        id: fileId,
        tenant_id: 'default',
        folder_id: folderId,
        owner_id: ids.lisi!,
        file_name: '发票.pdf',
        extension: '.pdf',
        mime_type: 'application/pdf',
        size: 10,
        storage_key: 'x',
      })
      .execute();
    await t.deps.db.updateTable('wf_history').set({ folder_id: folderId }).where('instance_id', '=', instanceId).where('node_id', '=', 'manager').execute();
    for (const path of ['task-attachments', 'getAnnexInfo']) {
      const files = data(await t.get(`/api/workflow-task/${path}?processInstanceId=${instanceId}`, tok.zhangsan)) as Record<string, string>[];
      expect(files).toHaveLength(1);
      expect(files[0]).toMatchObject({ fileName: '发票.pdf', fileType: 'pdf', actName: 'Manager approval', createUserName: expect.any(String) });
      expect(files[0]!.filePath).toBe(t.deps.fileLinks.url(fileId));
    }
  });

  it('drafts: save, change, list own only, delete', async () => {
    const saved = data(
      await t.send(
        'POST',
        '/api/workflow-task/saveOrEditTempfiledInfo',
        { schemeId, name: '草稿一', formValue: [{ F_FormId: 'f1', formData: { a: 1 } }] },
        tok.zhangsan,
      ),
    ) as { F_Id: string };
    expect(
      data(await t.send('POST', '/api/workflow-task/saveOrEditTempfiledInfo', { F_Id: saved.F_Id, schemeId, name: '草稿二', formValue: [] }, tok.zhangsan)),
    ).toEqual({ F_Id: saved.F_Id });
    const list = data(await t.get('/api/workflow-task/getTempfiledInfoList', tok.zhangsan)) as { Rows: Record<string, unknown>[]; Total: number };
    expect(list.Total).toBe(1);
    expect(list.Rows[0]).toMatchObject({ F_Id: saved.F_Id, name: '草稿二', schemeName: '线性审批', formValue: [] });
    expect((data(await t.get('/api/workflow-task/getTempfiledInfoList', tok.lisi)) as { Total: number }).Total).toBe(0);
    expect((await t.send('POST', '/api/workflow-task/saveOrEditTempfiledInfo', { F_Id: saved.F_Id, schemeId, name: 'x' }, tok.lisi)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/workflow-task/delete-tempfiledInfo/${saved.F_Id}`, undefined, tok.lisi)).statusCode).toBe(404);
    expect(data(await t.get('/api/workflow-task/counts', tok.zhangsan))).toMatchObject({ drafts: 1 });
    const unknown = await t.send('POST', '/api/workflow-task/saveOrEditTempfiledInfo', { schemeId: newId(), name: 'x' }, tok.zhangsan);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('流程模板不存在');
    expect(data(await t.send('DELETE', `/api/workflow-task/delete-tempfiledInfo/${saved.F_Id}`, undefined, tok.zhangsan))).toBeNull();
    expect((data(await t.get('/api/workflow-task/getTempfiledInfoList', tok.zhangsan)) as { Total: number }).Total).toBe(0);
  });

  it('recycle bin: only finished instances of the starter; restore; delete for good', async () => {
    expect((await t.send('DELETE', `/api/workflow-task/to-recyclebin/${instanceId}`, undefined, tok.zhangsan)).json().msg).toBe('流程未结束，不能放入回收站');
    const mine = data(await t.get('/api/workflow-task/my-task?keyword=%E6%8A%A5%E9%94%80-0', tok.zhangsan)) as { Rows: { processInstanceId: string }[] };
    const done = mine.Rows[0]!.processInstanceId;
    expect((await t.send('DELETE', `/api/workflow-task/to-recyclebin/${done}`, undefined, tok.lisi)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/workflow-task/delete-processinstance/${done}`, undefined, tok.zhangsan)).json().msg).toBe('流程不在回收站中');
    expect(data(await t.send('DELETE', `/api/workflow-task/to-recyclebin/${done}`, undefined, tok.zhangsan))).toBeNull();
    expect((data(await t.get('/api/workflow-task/my-task', tok.zhangsan)) as { Total: number }).Total).toBe(3);
    const bin = data(await t.get('/api/workflow-task/recycle-task', tok.zhangsan)) as { Rows: { processInstanceId: string; recycledTime: string }[] };
    expect(bin.Rows.map((r) => r.processInstanceId)).toEqual([done]);
    expect(data(await t.send('POST', `/api/workflow-task/restore-recyclebin/${done}`, {}, tok.zhangsan))).toBeNull();
    expect((data(await t.get('/api/workflow-task/recycle-task', tok.zhangsan)) as { Total: number }).Total).toBe(0);
    await t.send('DELETE', `/api/workflow-task/to-recyclebin/${done}`, undefined, tok.zhangsan);
    expect((await t.send('DELETE', `/api/workflow-task/delete-processinstance/${done}`, undefined, tok.wangwu)).statusCode).toBe(403);
    expect(data(await t.send('DELETE', `/api/workflow-task/delete-processinstance/${done}`, undefined, tok.zhangsan))).toBeNull();
    expect(await t.deps.db.selectFrom('wf_instances').where('id', '=', done).select('id').executeTakeFirst()).toBeUndefined();
  });

  it('relationTask: finished instances the caller started or handled; relationTask-Info', async () => {
    const rel = data(await t.get('/api/workflow-task/relationTask', tok.zhangsan)) as { Rows: { processName: string }[] };
    expect(rel.Rows.map((r) => r.processName).sort()).toEqual(['报销-1', '报销-2']);
    expect((data(await t.get('/api/workflow-task/relationTask', tok.wangwu)) as { Total: number }).Total).toBe(0);
    expect(data(await t.get(`/api/workflow-task/relationTask-Info?processInstanceId=${instanceId}`, tok.wangwu))).toMatchObject({
      processName: '请假-张三',
      schemeName: '线性审批',
    });
  });

  it('monitor lists: the whole tenant, by permission', async () => {
    const un = data(await t.get('/api/workflow-monitor/unfinished-tasks', tok.admin)) as { Rows: { processName: string }[]; Total: number };
    expect(un.Rows.map((r) => r.processName).sort()).toEqual(['请假-张三', '采购-李四']);
    const byStarter = data(await t.get(`/api/workflow-monitor/unfinished-tasks?starterId=${ids.lisi}`, tok.admin)) as { Total: number };
    expect(byStarter.Total).toBe(1);
    expect((data(await t.get('/api/workflow-monitor/finished-tasks', tok.admin)) as { Total: number }).Total).toBe(2);
    expect((await t.get('/api/workflow-monitor/finished-tasks', tok.zhangsan)).statusCode).toBe(403);
  });

  it('view-process: a signed address for participants; a bad signature is refused', async () => {
    const { url } = data(await t.get(`/api/workflow-task/view-process-url?processInstanceId=${instanceId}`, tok.wangwu)) as { url: string };
    expect(url).toMatch(/^\/api\/workflow-task\/view-process\?processInstanceId=.+&expires=\d+&sig=/);
    expect((await t.get(`/api/workflow-task/view-process-url?processInstanceId=${otherInstance}`, tok.zhangsan)).statusCode).toBe(403);
    expect((await t.get(url.replace(/sig=.*/, 'sig=forged'))).statusCode).toBe(403);
    // The same headers as the scheme's diagram route: an SVG is a document that could run script.
    const svg = await t.get(url);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('validate-signation: a stamp the caller may not use is not valid', async () => {
    expect(data(await t.get(`/api/workflow-task/validate-signation?stampId=${newId()}&password=x`, tok.lisi))).toEqual({ valid: false });
  });

  it('/nwfschemeinfo/createProcess refuses a wrong sign, an old or future timestamp and a scheme without a key', async () => {
    const sign = (ts: number, key = 'secret-key', account = 'zhangsan') => createHmac('sha256', key).update(`default:linear:${account}:${ts}`).digest('hex');
    const post = (fields: Record<string, string | number>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/nwfschemeinfo/createProcess',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))).toString(),
      });
    const now = Date.now();
    const base = { tenantCode: 'default', schemeCode: 'linear', account: 'zhangsan', formData: '[]' };
    const wrong = await post({ ...base, timestamp: now, sign: sign(now, 'other') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().msg).toBe('发起失败：签名无效、密钥未配置或已过期');
    const old = now - 6 * 60_000;
    expect((await post({ ...base, timestamp: old, sign: sign(old) })).statusCode).toBe(403);
    const future = now + 5 * 60_000;
    expect((await post({ ...base, timestamp: future, sign: sign(future) })).statusCode).toBe(403);
    expect((await post({ ...base, account: 'lisi', timestamp: now, sign: sign(now) })).statusCode).toBe(403);
    await t.deps.db.updateTable('wf_schemes').set({ launch_key: '' }).where('id', '=', schemeId).execute();
    expect((await post({ ...base, timestamp: now, sign: sign(now, '') })).statusCode).toBe(403);
    await t.deps.db.updateTable('wf_schemes').set({ launch_key: 'secret-key' }).where('id', '=', schemeId).execute();
  });
});
