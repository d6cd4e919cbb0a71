import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, confirmOk, shot, signedIn, tid, useServerAndBrowser } from './harness.js';
import { type ChainNode as Node, chainXml, field, settle, todos as upcoming, userId } from './workflow-setup.js';

/**
 * The side flows in Chromium, through the screens (the API only sets up): transfer, add / subtract
 * signers, recall and the recycle bin, drafts, the next-node approver choice and the message centre. Each flow
 * deploys its own small scheme (a chain of user tasks, one designed form) through POST /workflow-scheme-info.
 * Screenshots: e2e/.shots/wf-flows-*.png.
 */
const env = useServerAndBrowser();

type Session = Awaited<ReturnType<typeof signedIn>>;

interface Ids {
  lisi: string;
  wangwu: string;
  zhangsan: string;
  formId: string;
}
let shared: Promise<Ids> | undefined;

/** The user ids and one designed form (事由 required, 金额), made once per file by admin. */
function setUp(admin: Page): Promise<Ids> {
  shared ??= (async () => {
    const form = await api<{ F_Id: string }>(admin, 'POST', '/api/form-scheme/customtable', {
      F_Name: '旁路流程表单 E2E',
      F_Type: 0,
      F_Scheme: { data: [field(1, 'F_Title', 'input', '事由', { required: true }), field(2, 'F_Amount', 'number', '金额')] },
      tableInfo: [{ dbId: 'local', name: 'e2e_wf_flows', type: 'main', primaryKey: 'F_Id' }],
    });
    return { lisi: await userId(admin, 'lisi'), wangwu: await userId(admin, 'wangwu'), zhangsan: await userId(admin, 'zhangsan'), formId: form.F_Id };
  })();
  return shared;
}

async function deploy(admin: Page, ids: Ids, code: string, name: string, nodes: Node[]): Promise<string> {
  const scheme = await api<{ F_Id: string }>(admin, 'POST', '/api/workflow-scheme-info', {
    F_Code: code,
    F_Name: name,
    forms: [{ F_FormId: ids.formId, F_Type: 0, F_Name: '申请单' }],
    xml: chainXml(code, nodes),
  });
  return scheme.F_Id;
}

async function launch(page: Page, ids: Ids, schemeId: string, name: string): Promise<string> {
  const r = await api<{ retCode: number; processInstanceId: string }>(page, 'POST', '/api/workflow-task/create-process', {
    schemeId,
    name,
    formValue: [{ F_FormId: ids.formId, F_Type: 0, formData: { F_Title: name, F_Amount: 100 } }],
  });
  expect(r.retCode).toBe(0);
  return r.processInstanceId;
}

const user = (ids: Ids, account: 'lisi' | 'wangwu') => [{ type: 'user', ids: [ids[account]] }];

/** Opens a to-do from the task centre's 待办 tab and waits for the approval screen's form. */
async function openTodo(page: Page, taskId: string) {
  await page.goto('/workflow/process/index?tab=todo');
  await page.locator(tid(`wf-task-handle-${taskId}`)).click();
  await page
    .locator(`${tid('wf-approval')} [data-field="F_Title"]`)
    .first()
    .waitFor();
}

async function pickUser(page: Page, id: string) {
  await page.locator(tid('user-picker')).waitFor();
  await page.locator(tid(`user-picker-row-${id}`)).click();
  await page.locator(tid('user-picker-ok')).click();
}

async function sessions(...accounts: string[]): Promise<Session[]> {
  const out: Session[] = [];
  for (const a of accounts) out.push(await signedIn(env.browser(), env.server(), a));
  return out;
}
/** The approval modal's rendered width (0 while it is not there). */
const modalWidth = async (page: Page) => (await page.locator('.wf-approval-modal .ant-modal').boundingBox())?.width ?? 0;
const closeAll = async (list: Session[]) => {
  for (const s of list) await s.context.close();
};

describe('workflow side flows (Chromium)', { timeout: 240_000 }, () => {
  it('transfer: lisi hands his to-do to wangwu; the timeline records 转办', async () => {
    const all = await sessions('admin', 'zhangsan', 'lisi', 'wangwu');
    const [admin, zhang, lisi, wangwu] = all as [Session, Session, Session, Session];
    try {
      const ids = await setUp(admin.page);
      const schemeId = await deploy(admin.page, ids, 'e2e_flows_transfer', '转办测试', [
        { id: 'manager', name: '经理审批', config: { candidates: user(ids, 'lisi'), transfer: true } },
      ]);
      const pid = await launch(zhang.page, ids, schemeId, '张三的转办测试');
      const [task] = await upcoming(lisi.page, pid);
      expect(task).toBeDefined();

      const page = lisi.page;
      await openTodo(page, task!.taskId);
      await page.locator(tid('wf-approval-transfer')).click();
      await page.locator(tid('wf-transfer-dialog')).waitFor();
      await page.locator(tid('wf-transfer-ok')).click();
      await page.getByText('您未选择任何转办审批人').waitFor();
      await settle(page);
      await shot(page, 'wf-flows-transfer-empty');
      await page.locator(tid('wf-transfer-choose')).click();
      await pickUser(page, ids.wangwu);
      await page.locator(tid('wf-transfer-user')).waitFor();
      await page.locator(tid('wf-transfer-message')).fill('请王五处理');
      await settle(page);
      await shot(page, 'wf-flows-transfer-chosen');
      await page.locator(tid('wf-transfer-ok')).click();
      await page.getByText('转办成功').waitFor();
      // the screen closes (the task is no longer lisi's) and his 待办 loses it
      await page.locator(tid('wf-approval')).waitFor({ state: 'detached' });
      await page.locator(tid(`wf-task-row-${task!.taskId}`)).waitFor({ state: 'detached' });
      expect(await upcoming(page, pid)).toEqual([]);
      await shot(page, 'wf-flows-transfer-lisi-todo');

      // wangwu's 待办 has it; its timeline says 转办
      const [moved] = await upcoming(wangwu.page, pid);
      expect(moved).toBeDefined();
      await openTodo(wangwu.page, moved!.taskId);
      await wangwu.page.locator(tid('wf-approval-tab-roams')).click();
      await expect.poll(() => wangwu.page.locator(tid('wf-timeline')).innerText()).toContain('转办');
      expect(await wangwu.page.locator(tid('wf-timeline')).innerText()).toContain('请王五处理');
      await settle(wangwu.page);
      await shot(wangwu.page, 'wf-flows-transfer-timeline');
    } finally {
      await closeAll(all);
    }
  });

  it('add and subtract signers on a countersign node', async () => {
    const all = await sessions('admin', 'zhangsan', 'lisi', 'wangwu');
    const [admin, zhang, lisi, wangwu] = all as [Session, Session, Session, Session];
    try {
      const ids = await setUp(admin.page);
      const schemeId = await deploy(admin.page, ids, 'e2e_flows_sign', '会签加签测试', [
        { id: 'sign', name: '会签', countersign: true, config: { candidates: user(ids, 'lisi'), signation: true, completion: 'all' } },
      ]);
      const pid = await launch(zhang.page, ids, schemeId, '张三的会签测试');
      const [task] = await upcoming(lisi.page, pid);
      expect(task).toBeDefined();
      expect(await upcoming(wangwu.page, pid)).toEqual([]);

      const page = lisi.page;
      await openTodo(page, task!.taskId);
      await page.locator(tid('wf-approval-signation')).click();
      await page.locator(tid(`wf-signer-approver-${ids.lisi}`)).waitFor();
      await page.locator(tid('wf-signer-tab-users')).click();
      await page.locator(tid('wf-signer-choose')).click();
      await pickUser(page, ids.wangwu);
      await page.locator(tid('wf-signer-tab-selected')).click();
      await page.locator(tid(`wf-signer-add-${ids.wangwu}`)).waitFor();
      await settle(page);
      await shot(page, 'wf-flows-signer-add');
      await page.locator(tid('wf-signer-ok')).click();
      await page.getByText('加减签成功').waitFor();
      await expect.poll(async () => (await upcoming(wangwu.page, pid)).length).toBe(1);
      // wangwu's 待办 shows it
      const [added] = await upcoming(wangwu.page, pid);
      await wangwu.page.goto('/workflow/process/index?tab=todo');
      await wangwu.page.locator(tid(`wf-task-row-${added!.taskId}`)).waitFor();
      await shot(wangwu.page, 'wf-flows-signer-wangwu-todo');

      // subtract him again (the screen stays open and reloads)
      await page.locator(tid('wf-signer-dialog')).waitFor({ state: 'hidden' });
      await page.locator(tid('wf-approval-signation')).click();
      await page.locator(tid(`wf-signer-approver-${ids.wangwu}`)).waitFor();
      await page.locator(tid(`wf-signer-remove-${ids.wangwu}`)).click();
      await page.locator(tid('wf-signer-tab-selected')).click();
      await page.locator(tid(`wf-signer-sub-${ids.wangwu}`)).waitFor();
      await settle(page);
      await shot(page, 'wf-flows-signer-subtract');
      await page.locator(tid('wf-signer-ok')).click();
      await page.getByText('加减签成功').last().waitFor();
      await expect.poll(async () => (await upcoming(wangwu.page, pid)).length).toBe(0);
      expect((await upcoming(lisi.page, pid)).length).toBe(1);
    } finally {
      await closeAll(all);
    }
  });

  it('recall, recycle bin, restore and delete from 我发起的', async () => {
    const all = await sessions('admin', 'zhangsan', 'lisi');
    const [admin, zhang, lisi] = all as [Session, Session, Session];
    try {
      const ids = await setUp(admin.page);
      const schemeId = await deploy(admin.page, ids, 'e2e_flows_recall', '撤回测试', [
        { id: 'manager', name: '经理审批', config: { candidates: user(ids, 'lisi') } },
      ]);
      const pid = await launch(zhang.page, ids, schemeId, '张三的撤回测试');
      expect((await upcoming(lisi.page, pid)).length).toBe(1);
      const mine = () =>
        api<{ Rows: { processInstanceId: string; state: string }[] }>(zhang.page, 'GET', '/api/workflow-task/my-task?limit=1&size=100').then((l) =>
          l.Rows.find((r) => r.processInstanceId === pid),
        );
      const recycled = () =>
        api<{ Rows: { processInstanceId: string }[] }>(zhang.page, 'GET', '/api/workflow-task/recycle-task?limit=1&size=100').then((l) =>
          l.Rows.some((r) => r.processInstanceId === pid),
        );

      const page = zhang.page;
      await page.goto('/workflow/process/index?tab=mine');
      const row = page.locator(tid(`wf-task-row-${pid}`));
      await row.waitFor();
      await page.locator(tid(`wf-task-recall-${pid}`)).click();
      await confirmOk(page, 'wf-task-recall-ok');
      await page.locator(tid(`wf-task-recycle-${pid}`)).waitFor();
      expect((await mine())?.state).toBe('recalled');
      expect(await upcoming(lisi.page, pid)).toEqual([]);
      await page.locator(tid(`wf-task-recall-${pid}`)).waitFor({ state: 'detached' });
      await settle(page);
      await shot(page, 'wf-flows-recalled');

      // into the recycle bin
      await page.locator(tid(`wf-task-recycle-${pid}`)).click();
      await confirmOk(page, 'wf-task-recycle-ok');
      await row.waitFor({ state: 'detached' });
      await page.locator(tid('wf-task-tab-recycle')).click();
      await page.locator(tid(`wf-task-row-${pid}`)).waitFor();
      expect(await recycled()).toBe(true);
      await settle(page);
      await shot(page, 'wf-flows-recycle-bin');

      // restore: back in 我发起的
      await page.locator(tid(`wf-task-restore-${pid}`)).click();
      await confirmOk(page, 'wf-task-restore-ok');
      await page.locator(tid(`wf-task-row-${pid}`)).waitFor({ state: 'detached' });
      await page.locator(tid('wf-task-tab-mine')).click();
      await page.locator(tid(`wf-task-row-${pid}`)).waitFor();
      expect(await recycled()).toBe(false);

      // recycle again and delete for good
      await page.locator(tid(`wf-task-recycle-${pid}`)).click();
      await confirmOk(page, 'wf-task-recycle-ok');
      await page.locator(tid(`wf-task-row-${pid}`)).waitFor({ state: 'detached' });
      await page.locator(tid('wf-task-tab-recycle')).click();
      await page.locator(tid(`wf-task-destroy-${pid}`)).click();
      await page.locator(tid('delete-ok')).click();
      await page.locator(tid(`wf-task-row-${pid}`)).waitFor({ state: 'detached' });
      expect(await recycled()).toBe(false);
      expect(await mine()).toBeUndefined();
      await settle(page);
      await shot(page, 'wf-flows-deleted');
    } finally {
      await closeAll(all);
    }
  });

  it('draft: saved half filled, reopened from 草稿 with its values, changed and submitted', async () => {
    const all = await sessions('admin', 'zhangsan', 'lisi');
    const [admin, zhang, lisi] = all as [Session, Session, Session];
    try {
      const ids = await setUp(admin.page);
      await deploy(admin.page, ids, 'e2e_flows_draft', '草稿测试', [{ id: 'manager', name: '经理审批', config: { candidates: user(ids, 'lisi') } }]);
      const page = zhang.page;
      const input = (vModel: string) =>
        page
          .locator(`${tid('wf-launch-dialog')} [data-field="${vModel}"]`)
          .locator('input, textarea')
          .first();

      await page.goto('/workflow/launch/index');
      await page.locator(tid('wf-launch-card-e2e_flows_draft')).click();
      await input('F_Amount').waitFor();
      // half filled: the required 事由 left empty
      await input('F_Amount').fill('321');
      await page.locator(tid('wf-launch-name')).fill('张三的草稿');
      await page.locator(tid('wf-launch-draft')).click();
      await page.locator('.ant-message', { hasText: '草稿保存成功' }).first().waitFor();
      await expect.poll(() => page.locator(tid('wf-launch-dialog')).getAttribute('data-draft-id')).toBeTruthy();
      const draftId = (await page.locator(tid('wf-launch-dialog')).getAttribute('data-draft-id'))!;
      await shot(page, 'wf-flows-draft-saved');
      await page.locator(tid('wf-launch-cancel')).click();
      await page.locator(tid('wf-launch-dialog')).waitFor({ state: 'detached' });

      // 草稿 lists it; reopened with its values
      await page.goto('/workflow/process/index?tab=drafts');
      await page.locator(tid(`wf-task-row-${draftId}`)).waitFor();
      await settle(page);
      await shot(page, 'wf-flows-drafts');
      await page.locator(tid(`wf-task-draft-edit-${draftId}`)).click();
      await input('F_Amount').waitFor();
      await expect.poll(() => input('F_Amount').inputValue()).toBe('321');
      expect(await page.locator(tid('wf-launch-name')).inputValue()).toBe('张三的草稿');
      expect(await input('F_Title').inputValue()).toBe('');
      await input('F_Title').fill('补全的事由');
      await input('F_Amount').fill('400');
      await settle(page);
      await shot(page, 'wf-flows-draft-reopened');
      await page.locator(tid('wf-launch-submit')).click();
      await page.locator('.ant-message', { hasText: '流程发起成功' }).waitFor();
      await page.locator(tid('wf-launch-dialog')).waitFor({ state: 'detached' });

      // the draft is gone, the process runs with the changed values
      await page.locator(tid(`wf-task-row-${draftId}`)).waitFor({ state: 'detached' });
      const drafts = await api<{ Rows: { F_Id: string }[] }>(page, 'GET', '/api/workflow-task/getTempfiledInfoList?limit=1&size=100');
      expect(drafts.Rows.some((d) => d.F_Id === draftId)).toBe(false);
      const mine = await api<{ Rows: { processInstanceId: string; processName: string; state: string }[] }>(
        page,
        'GET',
        '/api/workflow-task/my-task?limit=1&size=100',
      );
      const started = mine.Rows.find((r) => r.processName === '张三的草稿');
      expect(started?.state).toBe('running');
      const [task] = await upcoming(lisi.page, started!.processInstanceId);
      await openTodo(lisi.page, task!.taskId);
      const title = lisi.page
        .locator(`${tid('wf-approval')} [data-field="F_Title"]`)
        .locator('input, textarea')
        .first();
      await expect.poll(() => title.inputValue()).toBe('补全的事由');
      await shot(page, 'wf-flows-draft-submitted');
      await settle(lisi.page);
      await shot(lisi.page, 'wf-flows-draft-approver');
    } finally {
      await closeAll(all);
    }
  });

  it('next-node approver choice: the launcher picks one of the candidates', async () => {
    const all = await sessions('admin', 'zhangsan', 'lisi', 'wangwu');
    const [admin, zhang, lisi, wangwu] = all as [Session, Session, Session, Session];
    try {
      const ids = await setUp(admin.page);
      await deploy(admin.page, ids, 'e2e_flows_choice', '选人测试', [
        { id: 'choose', name: '指定审批', config: { candidates: [{ type: 'user', ids: [ids.lisi, ids.wangwu] }], approverChoice: true } },
      ]);
      const page = zhang.page;
      const input = (vModel: string) =>
        page
          .locator(`${tid('wf-launch-dialog')} [data-field="${vModel}"]`)
          .locator('input, textarea')
          .first();
      await page.goto('/workflow/launch/index');
      await page.locator(tid('wf-launch-card-e2e_flows_choice')).click();
      await input('F_Title').waitFor();
      await input('F_Title').fill('请选人审批');
      await page.locator(tid('wf-launch-name')).fill('张三的选人测试');
      await page.locator(tid('wf-launch-submit')).click();
      await page.locator(tid('wf-next-approvers')).waitFor();
      await page.locator(tid('wf-next-ok')).click();
      await page.getByText('节点：指定审批 请至少选择一个审批人').waitFor();
      await settle(page);
      await shot(page, 'wf-flows-next-approvers');
      await page.locator(tid(`wf-next-user-0-${ids.wangwu}`)).click();
      await page.locator(tid('wf-next-ok')).click();
      await page.locator('.ant-message', { hasText: '流程发起成功' }).waitFor();
      await page.locator(tid('wf-launch-dialog')).waitFor({ state: 'detached' });

      const mine = await api<{ Rows: { processInstanceId: string; processName: string }[] }>(page, 'GET', '/api/workflow-task/my-task?limit=1&size=100');
      const pid = mine.Rows.find((r) => r.processName === '张三的选人测试')!.processInstanceId;
      expect((await upcoming(wangwu.page, pid)).length).toBe(1);
      expect(await upcoming(lisi.page, pid)).toEqual([]);
      const [task] = await upcoming(wangwu.page, pid);
      await wangwu.page.goto('/workflow/process/index?tab=todo');
      await wangwu.page.locator(tid(`wf-task-row-${task!.taskId}`)).waitFor();
      await shot(wangwu.page, 'wf-flows-next-approvers-todo');
    } finally {
      await closeAll(all);
    }
  });

  it("next-node approver choice on approval: lisi agrees and picks the next node's approver", async () => {
    const all = await sessions('admin', 'zhangsan', 'lisi', 'wangwu');
    const [admin, zhang, lisi, wangwu] = all as [Session, Session, Session, Session];
    try {
      const ids = await setUp(admin.page);
      const schemeId = await deploy(admin.page, ids, 'e2e_flows_choice2', '审批选人测试', [
        { id: 'manager', name: '经理审批', config: { candidates: user(ids, 'lisi') } },
        { id: 'review', name: '复核', config: { candidates: [{ type: 'user', ids: [ids.lisi, ids.wangwu] }], approverChoice: true } },
      ]);
      const pid = await launch(zhang.page, ids, schemeId, '张三的审批选人测试');
      const [task] = await upcoming(lisi.page, pid);
      const page = lisi.page;
      await openTodo(page, task!.taskId);
      await page.locator(tid('wf-approval-btn-agree_')).click();
      await page.locator(tid('wf-approval-message')).fill('同意，请复核');
      await page.locator(tid('wf-approval-confirm')).click();
      await page.locator(tid('wf-next-approvers')).waitFor();
      await page.locator(tid('wf-next-ok')).click();
      await page.getByText('节点：复核 请至少选择一个审批人').waitFor();
      await page.locator(tid(`wf-next-user-0-${ids.wangwu}`)).click();
      await settle(page);
      await shot(page, 'wf-flows-next-approvers-approval');
      await page.locator(tid('wf-next-ok')).click();
      await page.locator('.ant-message', { hasText: '审批成功' }).waitFor();
      await page.locator(tid('wf-approval')).waitFor({ state: 'detached' });
      const [next] = await upcoming(wangwu.page, pid);
      expect(next?.taskName).toBe('复核');
      expect(await upcoming(lisi.page, pid)).toEqual([]);
    } finally {
      await closeAll(all);
    }
  });

  it('message centre: a workflow message opens the approval screen full screen', async () => {
    const all = await sessions('admin', 'zhangsan', 'lisi');
    const [admin, zhang, lisi] = all as [Session, Session, Session];
    try {
      const ids = await setUp(admin.page);
      const schemeId = await deploy(admin.page, ids, 'e2e_flows_message', '消息测试', [
        { id: 'manager', name: '经理审批', config: { candidates: user(ids, 'lisi') } },
      ]);
      const first = await launch(zhang.page, ids, schemeId, '张三的消息测试一');
      const second = await launch(zhang.page, ids, schemeId, '张三的消息测试二');
      interface Msg {
        F_Id: string;
        isRead: boolean;
        workflowInfoVo?: { processInstanceId?: string; taskId?: string; taskStatus?: string };
      }
      const messageOf = async (pid: string) => {
        const centre = await api<{ workflowApproval: { messageList: Msg[] } }>(lisi.page, 'GET', '/api/oa/xjr-oa-message');
        return centre.workflowApproval.messageList.find((m) => m.workflowInfoVo?.processInstanceId === pid);
      };
      const m1 = await messageOf(first);
      const m2 = await messageOf(second);
      expect(m1?.workflowInfoVo?.taskStatus).not.toBe('1');
      expect(m1?.isRead).toBe(false);

      // the dashboard panel
      const page = lisi.page;
      await page.goto('/wel/index');
      await page.locator(`${tid('home-notice-approval')} ${tid(`notice-row-${m1!.F_Id}`)}`).click();
      await page
        .locator(`${tid('wf-approval')} [data-field="F_Title"]`)
        .first()
        .waitFor();
      await expect
        .poll(() =>
          page
            .locator(`${tid('wf-approval')} [data-field="F_Title"] input`)
            .first()
            .inputValue(),
        )
        .toBe('张三的消息测试一');
      // the modal opens with a zoom animation: its width is read once the animation has ended
      await expect.poll(() => modalWidth(page)).toBeGreaterThanOrEqual(1400);
      await settle(page);
      await shot(page, 'wf-flows-message-panel');
      expect((await messageOf(first))?.isRead).toBe(true);
      await page.keyboard.press('Escape');
      await page.locator(tid('wf-approval')).waitFor({ state: 'detached' });

      // the bell
      await page.locator(tid('notice-bell')).click();
      await page.locator(tid('notice-tab-workflow')).click();
      await page.locator(`${tid('notice-popover')} ${tid(`notice-row-${m2!.F_Id}`)}`).click();
      await expect
        .poll(() =>
          page
            .locator(`${tid('wf-approval')} [data-field="F_Title"] input`)
            .first()
            .inputValue(),
        )
        .toBe('张三的消息测试二');
      await expect.poll(() => modalWidth(page)).toBeGreaterThanOrEqual(1400);
      await settle(page);
      await shot(page, 'wf-flows-message-bell');

      // taskStatus '1' (the starter's 'completed' message) opens the progress viewer instead
      await api(page, 'POST', '/api/workflow-task/task-handle', { taskId: (await upcoming(page, first))[0]!.taskId, btnValue: 'agree_', message: '同意' });
      let done: Msg | undefined;
      await expect
        .poll(async () => {
          const centre = await api<{ workflowApproval: { messageList: Msg[] } }>(zhang.page, 'GET', '/api/oa/xjr-oa-message');
          done = centre.workflowApproval.messageList.find((m) => m.workflowInfoVo?.processInstanceId === first && m.workflowInfoVo.taskStatus === '1');
          return !!done;
        })
        .toBe(true);
      await zhang.page.goto('/wel/index');
      await zhang.page.locator(`${tid('home-notice-approval')} ${tid(`notice-row-${done!.F_Id}`)}`).click();
      await zhang.page.locator(tid('wf-progress-viewer')).waitFor();
      await expect.poll(() => zhang.page.locator(tid('wf-flow-image')).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await zhang.page.locator(tid('wf-approval')).count()).toBe(0);
      await settle(zhang.page);
      await shot(zhang.page, 'wf-flows-message-completed');
    } finally {
      await closeAll(all);
    }
  });
});
