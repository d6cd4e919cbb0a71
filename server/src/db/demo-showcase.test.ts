import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/** The first start's showcase (config.seedShowcase), checked through the API as the administrator and as lisi. */
describe('demo showcase on the first start', () => {
  let t: TestApp;
  let admin = '';
  let lisi = '';
  let zhangsan = '';

  type Body = { code: number; data: unknown; msg: string };
  const data = async <T>(url: string, token: string, headers: Record<string, string> = {}): Promise<T> => {
    const body = (await t.get(url, token, headers)).json() as Body;
    if (body.code !== 0) throw new Error(`${url}: ${body.code} ${body.msg}`);
    return body.data as T;
  };
  type Page<T> = { Rows: T[]; Total: number };

  let sessionsAfterSeeding = -1;
  beforeAll(async () => {
    t = await createTestApp({ seedShowcase: true });
    sessionsAfterSeeding = (await t.deps.db.selectFrom('sessions').select('id').where('revoked_at', 'is', null).execute()).length;
    [admin, lisi, zhangsan] = [await t.login('admin'), await t.login('lisi'), await t.login('zhangsan')];
  }, 120_000);
  afterAll(() => t?.close());

  it('has housekeeping tasks running and a health check that already ran', async () => {
    const tasks = await data<Page<{ F_Name: string; F_EnabledMark: number; F_NextRunTime: string | null }>>('/api/task-scheduling?limit=1&size=20', admin);
    expect(tasks.Rows.map((r) => r.F_Name).sort()).toEqual(['数据库连通性检查', '清理 90 天以前的日志', '清空回收站（30 天）'].sort());
    for (const task of tasks.Rows) expect([task.F_EnabledMark, task.F_NextRunTime === null]).toEqual([1, false]);
    // Tests run jobs by hand: the health check's run-now is queued, and runs.
    const { TASK_QUEUE } = await import('../modules/task-scheduling/task-runner.js');
    await t.deps.jobs.runPending(TASK_QUEUE);
    const log = await data<Page<{ F_TaskName: string; F_State: string }>>('/api/task-scheduling-log?limit=1&size=20', admin);
    expect(log.Rows).toMatchObject([{ F_TaskName: '数据库连通性检查', F_State: 'success' }]);
  });

  it('has a sales ledger and two reports over it, 销售月报 released to 报表中心', async () => {
    const reports = await data<Page<{ F_Id: string; F_Name: string; F_ReleaseCount: number }>>('/api/reports-file?limit=1&size=20', admin);
    expect(reports.Rows.map((r) => r.F_Name).sort()).toEqual(['部门月度销售（交叉表）', '销售月报'].sort());
    const monthly = reports.Rows.find((r) => r.F_Name === '销售月报')!;
    expect(monthly.F_ReleaseCount).toBe(1);
    const pages = (await t.send('POST', `/api/report-view/${monthly.F_Id}/pages`, { params: {} }, admin)).json();
    expect(pages.code, pages.msg).toBe(0);
    const rows = pages.data.pages[0].rows as { cells: { t: string }[] }[];
    expect(rows[0]!.cells[0]!.t).toBe('销售月报');
    expect(rows.some((r) => r.cells.some((c) => c.t === '小计'))).toBe(true);
    expect(pages.data.pages[0].charts).toHaveLength(1);
    const cross = reports.Rows.find((r) => r.F_Name !== '销售月报')!;
    const crossPages = (await t.send('POST', `/api/report-view/${cross.F_Id}/pages`, { params: {} }, admin)).json();
    expect(crossPages.code, crossPages.msg).toBe(0);
    // Departments down, the twelve months across, and the totals column.
    expect(crossPages.data.colCount).toBe(14);
  });

  it('signs its accounts out again: no seeding session shows as online', () => {
    expect(sessionsAfterSeeding).toBe(0);
  });

  it('adds staff and keeps the demo accounts and their roles', async () => {
    const users = await data<Page<{ F_Account: string; F_Roles: { F_FullName: string }[] }>>('/api/users/page?size=500', admin);
    expect(users.Total).toBeGreaterThanOrEqual(12);
    const roleOf = (account: string) => users.Rows.find((u) => u.F_Account === account)!.F_Roles.map((r) => r.F_FullName);
    expect(roleOf('admin')).toEqual(['系统管理员']);
    expect(roleOf('lisi')).toEqual(['部门经理']);
    expect(roleOf('zhangsan')).toEqual(['普通员工']);
    expect(roleOf('wangwu')).toEqual(['普通员工']);
    expect(roleOf('zhoujun')).toEqual(['部门经理']);
  });

  it('has three published forms and three published processes', async () => {
    const forms = await data<Page<{ F_Name: string; F_EnabledMark: number }>>('/api/form-scheme/page?size=100', admin);
    expect(forms.Rows.filter((f) => ['请假申请', '费用报销', '采购申请'].includes(f.F_Name) && f.F_EnabledMark === 1)).toHaveLength(3);
    const pages = await data<Page<{ F_Name: string }>>('/api/form-relation?size=100', admin);
    expect(pages.Rows.map((p) => p.F_Name)).toEqual(expect.arrayContaining(['请假申请', '费用报销', '采购申请']));
    const schemes = await data<Page<{ F_Name: string; F_State: string; EnabledMark: number }>>('/api/workflow-scheme-info?size=100', admin);
    const published = schemes.Rows.filter((s) => s.F_State === 'published' && s.EnabledMark === 1);
    expect(published.map((s) => s.F_Name).sort()).toEqual(['请假申请', '费用报销', '采购申请'].sort());
  });

  it('has instances in every state, to-dos for lisi, drafts and a recycle bin', async () => {
    const states = await t.deps.db.selectFrom('wf_instances').select(['state', 'recycled_at']).execute();
    const count = (state: string) => states.filter((s) => s.state === state && !s.recycled_at).length;
    expect(count('running')).toBeGreaterThanOrEqual(5);
    expect(count('completed')).toBeGreaterThanOrEqual(3);
    expect(count('recalled')).toBeGreaterThanOrEqual(1);
    expect(states.filter((s) => s.recycled_at).length).toBeGreaterThanOrEqual(2);

    const todo = await data<Page<{ processInstanceId: string; taskName: string }>>('/api/workflow-task/upcoming-task?size=100', lisi);
    expect(todo.Rows.length).toBeGreaterThanOrEqual(2);
    expect(todo.Rows.every((r) => r.taskName === '部门经理审批')).toBe(true);
    const done = await data<Page<{ btnValue: string }>>('/api/workflow-task/history-task?size=100', lisi);
    expect(done.Rows.some((r) => r.btnValue === 'reject_')).toBe(true);
    expect(done.Rows.filter((r) => r.btnValue === 'agree_').length).toBeGreaterThanOrEqual(5);
    // The conditions routed as designed: a 4-day leave reached the general manager, a 26,800 expense the countersign.
    const zhoujun = await data<Page<{ taskName: string }>>('/api/workflow-task/upcoming-task?size=100', await t.login('zhoujun'));
    expect(zhoujun.Rows.map((r) => r.taskName)).toEqual(['总经理审批']);
    const qianhui = await data<Page<{ taskName: string }>>('/api/workflow-task/upcoming-task?size=100', await t.login('qianhui'));
    expect(qianhui.Rows.map((r) => r.taskName).sort()).toEqual(['总经理与财务经理会签', '财务审核', '财务部审批'].sort());
    // Rejected back to the applicant: linfeng's leave waits at the start for him.
    const linfeng = await t.login('linfeng');
    expect((await data<Page<unknown>>('/api/workflow-task/upcoming-task?size=100', linfeng)).Rows.length).toBe(1);

    const mine = await data<Page<{ state: string }>>('/api/workflow-task/my-task?size=100', zhangsan);
    expect(mine.Rows.length).toBeGreaterThanOrEqual(3);
    const drafts = await data<Page<unknown> | unknown[]>('/api/workflow-task/getTempfiledInfoList?size=100', zhangsan);
    expect(Array.isArray(drafts) ? drafts.length : drafts.Rows.length).toBe(1);
    const huangli = await t.login('huangli');
    expect((await data<Page<unknown>>('/api/workflow-task/recycle-task?size=100', huangli)).Rows.length).toBe(2);
  });

  it('has published news with a readable attachment, notices, stamps and code rules', async () => {
    const news = await data<Page<{ F_NewsId: string; F_EnabledMark: number }>>('/api/news?size=100', admin);
    expect(news.Rows.filter((n) => n.F_EnabledMark === 1).length).toBeGreaterThanOrEqual(3);
    const details = await Promise.all(
      news.Rows.map((n) => data<{ F_Attachments: { url: string; F_FileName: string }[] }>(`/api/news/${n.F_NewsId}`, zhangsan)),
    );
    const attachment = details.flatMap((d) => d.F_Attachments)[0]!;
    expect(attachment.F_FileName).toMatch(/会议纪要/);
    const file = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('经营工作会议纪要');

    const notices = await data<Page<{ F_EnabledMark: number }>>('/api/notice?size=100', admin);
    expect(notices.Rows.filter((n) => n.F_EnabledMark === 1).length).toBeGreaterThanOrEqual(3);
    const stamps = await data<Page<{ F_StampName: string }>>('/api/stamps?size=100', admin);
    expect(stamps.Total).toBeGreaterThanOrEqual(9);
    const lisiStamps = await data<Page<{ F_StampName: string }>>('/api/stamps?size=100', lisi);
    expect(lisiStamps.Rows.map((s) => s.F_StampName)).toEqual(expect.arrayContaining(['李四的签名', '合同专用章']));
    const rules = await data<Page<{ F_EnCode: string; example: string }>>('/api/code-rules?size=100', admin);
    expect(rules.Rows.map((r) => r.F_EnCode)).toEqual(expect.arrayContaining(['LeaveNo', 'ExpenseNo', 'PurchaseNo']));
  });

  it('has bilingual dictionaries', async () => {
    const zh = await data<{ F_ItemName: string; F_ItemValue: string }[]>('/api/data-items/LeaveType/detail', admin);
    const en = await data<{ F_ItemName: string; F_ItemValue: string }[]>('/api/data-items/LeaveType/detail', admin, { 'accept-language': 'en' });
    expect(zh.find((i) => i.F_ItemValue === 'annual')!.F_ItemName).toBe('年假');
    expect(en.find((i) => i.F_ItemValue === 'annual')!.F_ItemName).toBe('Annual leave');
    const flowSort = await data<{ F_ItemName: string; F_ItemValue: string }[]>('/api/data-items/FlowSort/detail', admin, { 'accept-language': 'en' });
    expect(flowSort.find((i) => i.F_ItemValue === 'finance')!.F_ItemName).toBe('Finance');
  });
});

describe('SEED_DEMO_DATA=false', () => {
  it('leaves an empty system: no tenant, no user, no showcase', async () => {
    const t = await createTestApp({ seedDemoData: false, seedShowcase: false });
    try {
      expect(await t.deps.db.selectFrom('tenants').select('id').execute()).toEqual([]);
      expect(await t.deps.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
