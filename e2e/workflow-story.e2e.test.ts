import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, shot, signedIn, tid, useServerAndBrowser } from './harness.js';
import { boundField, chooseOption, panelId, pick, setText, settle, todos, userId } from './workflow-setup.js';

/**
 * The whole leave-request story in real Chromium (docs/workflow-screens.md): admin makes a designed form
 * 请假单 and a stamp for lisi through the API, then designs the process in the designer from an imported skeleton
 * (shapes only) — form bound, approvers through the user picker, a parallel countersign with password, circulation
 * to wangwu, the condition tried with the field picker, the gateway's default, reject targets — validates (issues
 * first), saves. zhangsan launches it (5 days); lisi agrees with his stamp (wrong password first); admin rejects it
 * back to the start; zhangsan edits and resubmits; lisi and admin agree; wangwu reads the circulation; zhangsan
 * prints the completed process. The timeline is checked at every step. Screenshots e2e/.shots/wf-story-*.png.
 */
const env = useServerAndBrowser();

const skeleton = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_story" targetNamespace="http://approval-platform.dev/bpmn">
  <bpmn:process id="story_leave" name="请假流程" isExecutable="true">
    <bpmn:startEvent id="start" name="开始"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:exclusiveGateway id="gw" name="天数？"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f_long</bpmn:outgoing><bpmn:outgoing>f_short</bpmn:outgoing></bpmn:exclusiveGateway>
    <bpmn:userTask id="cs" name="经理会签"><bpmn:incoming>f_long</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:userTask id="mgr" name="经理审批"><bpmn:incoming>f_short</bpmn:incoming><bpmn:outgoing>f3</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="end_long" name="结束"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
    <bpmn:endEvent id="end_short" name="结束"><bpmn:incoming>f3</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="gw" />
    <bpmn:sequenceFlow id="f_long" name="超过 3 天" sourceRef="gw" targetRef="cs" />
    <bpmn:sequenceFlow id="f_short" sourceRef="gw" targetRef="mgr" />
    <bpmn:sequenceFlow id="f2" sourceRef="cs" targetRef="end_long" />
    <bpmn:sequenceFlow id="f3" sourceRef="mgr" targetRef="end_short" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_story">
    <bpmndi:BPMNPlane id="Plane_story" bpmnElement="story_leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="102" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="gw_di" bpmnElement="gw" isMarkerVisible="true"><dc:Bounds x="215" y="95" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="cs_di" bpmnElement="cs"><dc:Bounds x="350" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="mgr_di" bpmnElement="mgr"><dc:Bounds x="350" y="220" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_long_di" bpmnElement="end_long"><dc:Bounds x="532" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_short_di" bpmnElement="end_short"><dc:Bounds x="532" y="242" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="138" y="120" /><di:waypoint x="215" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_long_di" bpmnElement="f_long"><di:waypoint x="265" y="120" /><di:waypoint x="350" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_short_di" bpmnElement="f_short"><di:waypoint x="240" y="145" /><di:waypoint x="240" y="260" /><di:waypoint x="350" y="260" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="450" y="120" /><di:waypoint x="532" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="450" y="260" /><di:waypoint x="532" y="260" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

const field = boundField('e2e_wf_story');

interface TimelineRow {
  activityId: string;
  activityName: string;
  text: string;
  endTime: string | null;
  multiInstance: boolean;
}

const timeline = (page: Page, pid: string) => api<TimelineRow[]>(page, 'GET', `/api/workflow-task/history-taskList?processInstanceId=${pid}`);

/** Chooses users in the open user picker by id (searching each account) and confirms. */
async function pickUsers(page: Page, users: [account: string, id: string][]) {
  await page.locator(tid('user-picker')).waitFor();
  for (const [account, id] of users) {
    await page.locator(`${tid('user-picker-search')} input`).fill(account);
    await page.locator(`${tid('user-picker-search')} input`).press('Enter');
    await page.locator(tid(`user-picker-row-${id}`)).click();
    await page.locator(tid(`user-picker-selected-${id}`)).waitFor();
  }
  await page.locator(tid('user-picker-ok')).click();
  await page
    .locator(tid('user-picker'))
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/** The approval screen's timeline tab: the record texts shown. */
async function timelineTexts(page: Page): Promise<string[]> {
  await page.locator(tid('wf-approval-tab-roams')).click();
  await page.locator(tid('wf-timeline')).waitFor();
  const n = Number(await page.locator(tid('wf-timeline')).getAttribute('data-count'));
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(await page.locator(tid(`wf-timeline-record-${i}`)).innerText());
  return out;
}

/** Opens a to-do from the task centre by its task id. */
async function openTodo(page: Page, taskId: string) {
  await page.goto('/workflow/process/index?tab=todo');
  await page.locator(tid(`wf-task-handle-${taskId}`)).click();
  await page.locator(tid('wf-approval-form')).waitFor();
}

async function chooseStamp(page: Page, name: string) {
  await page.locator(tid('wf-approval-stamp')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
  await page.locator(tid('wf-approval-password')).waitFor();
}

describe('workflow story: leave request', { timeout: 420_000 }, () => {
  it('designs, launches, countersigns with a stamp, rejects to the start, resubmits, completes, circulates and prints', async () => {
    const admin = await signedIn(env.browser(), env.server(), 'admin');
    const zhang = await signedIn(env.browser(), env.server(), 'zhangsan');
    const lisi = await signedIn(env.browser(), env.server(), 'lisi');
    const wangwu = await signedIn(env.browser(), env.server(), 'wangwu');
    for (const p of [admin.page, zhang.page, lisi.page, wangwu.page]) p.on('pageerror', (e) => console.log('pageerror', e.message));
    // zhangsan's pages count window.print() instead of opening the print dialog
    await zhang.context.addInitScript(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => {
        w.printed += 1;
      };
    });
    let current = admin.page;
    try {
      const ids = { lisi: await userId(admin.page, 'lisi'), admin: await userId(admin.page, 'admin'), wangwu: await userId(admin.page, 'wangwu') };

      // ---------- 1. the form and lisi's stamp, through the API ----------
      const formName = '请假单';
      const form = await api<{ F_Id: string }>(admin.page, 'POST', '/api/form-scheme/customtable', {
        F_Name: formName,
        F_Type: 0,
        F_Scheme: {
          data: [field(1, 'days', 'number', '天数', { required: true }), field(2, 'reason', 'textarea', '事由', { span: 24, required: true })],
          formConf: { labelWidth: 100 },
        },
        tableInfo: [{ dbId: 'local', name: 'e2e_wf_story', type: 'main' }],
      });
      expect(form.F_Id).toBeTruthy();
      const png = await admin.page.evaluate(() => {
        const c = document.createElement('canvas');
        c.width = 80;
        c.height = 50;
        const ctx = c.getContext('2d')!;
        ctx.strokeStyle = '#c00';
        ctx.lineWidth = 4;
        ctx.beginPath();
        ctx.arc(40, 25, 20, 0, Math.PI * 2);
        ctx.stroke();
        ctx.fillStyle = '#c00';
        ctx.font = 'bold 14px sans-serif';
        ctx.fillText('李四', 26, 30);
        return c.toDataURL('image/png');
      });
      const stampName = '李四签章';
      const stamp = await api<{ F_StampId: string }>(admin.page, 'POST', '/api/stamps', {
        F_StampName: stampName,
        F_StampType: 'personal',
        F_Password: 'lisi-pwd-1',
        F_File_Type: 2,
        F_File: png,
      });
      await api(admin.page, 'PUT', `/api/stamps/${stamp.F_StampId}/member`, { userIds: [ids.lisi] });

      // ---------- 2. the designer ----------
      const page = admin.page;
      const code = 'story_leave';
      await page.goto('/workflow/scheme/design/new');
      await page.locator('.djs-element[data-element-id="task_1"]').waitFor();
      await page.locator(tid('wfd-import-file')).setInputFiles({ name: 'leave.bpmn', mimeType: 'application/xml', buffer: Buffer.from(skeleton) });
      await page.locator('.djs-element[data-element-id="cs"]').waitFor();
      await expect.poll(() => page.locator(tid('wfd-code')).inputValue()).toBe(code);
      await page.locator(tid('wfd-name')).fill('请假申请');
      await page.locator(tid('wfd-forms')).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: formName }).first().click();
      await page.keyboard.press('Escape');

      // validation before configuring: both approval nodes lack approvers, the gateway has no condition / default
      await page.locator(tid('wfd-validate')).click();
      await page.locator(tid('wfd-issues')).waitFor();
      await expect
        .poll(() => page.locator(`${tid('wfd-issues')} [data-kind="issue"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-element-id'))))
        .toEqual(expect.arrayContaining(['cs', 'mgr']));
      await expect.poll(() => page.locator(tid('wfd-mark-cs')).getAttribute('data-kind')).toBe('issue');
      console.log('issues before configuring:\n' + (await page.locator(tid('wfd-issues')).innerText()));
      await shot(page, 'wf-story-designer-issues');

      // the countersign: lisi and admin, parallel, all must agree, password, circulate to wangwu, reject to the start
      await pick(page, '(cs)');
      await expect.poll(() => panelId(page)).toBe('cs');
      await page.locator(tid('wfd-candidate-add')).click();
      await page.locator(tid('wfd-candidate-pick-0')).click();
      await pickUsers(page, [
        ['lisi', ids.lisi],
        ['admin', ids.admin],
      ]);
      await expect.poll(() => page.locator(tid('wfd-candidate-names-0')).innerText()).toContain('李四');
      await chooseOption(page, 'wfd-prop-multiInstance', '并行会签');
      await chooseOption(page, 'wfd-prop-completion', '全部通过');
      await page.locator(tid('wfd-prop-needPassword')).check();
      await page.locator(tid('wfd-prop-rejectTargets')).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '开始 (start)' }).first().click();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
      expect(await page.locator(tid('wfd-prop-rejectTargets')).innerText()).toContain('开始');
      await page.locator(`${tid('wfd-circulate')} ${tid('forwarder-add-person')}`).click();
      await pickUsers(page, [['wangwu', ids.wangwu]]);
      await page.locator(`${tid('wfd-circulate')} ${tid(`forwarder-row-${ids.wangwu}`)}`).waitFor();
      await page.locator(tid('wfd-circulate')).scrollIntoViewIfNeeded();
      await settle(page, 300);
      await shot(page, 'wf-story-designer-countersign');

      // the short path: lisi alone
      await pick(page, '(mgr)');
      await expect.poll(() => panelId(page)).toBe('mgr');
      await page.locator(tid('wfd-candidate-add')).click();
      await page.locator(tid('wfd-candidate-pick-0')).click();
      await pickUsers(page, [['lisi', ids.lisi]]);
      await expect.poll(() => page.locator(tid('wfd-candidate-names-0')).innerText()).toContain('李四');

      // the long flow's condition through the field picker, tried with sample data
      await pick(page, '(f_long)');
      await expect.poll(() => panelId(page)).toBe('f_long');
      await chooseOption(page, 'wfd-prop-condition-field', '天数');
      expect(await page.locator(tid('wfd-prop-condition')).inputValue()).toBe('days');
      await setText(page, 'wfd-prop-condition', 'days > 3');
      await page.locator(tid('wfd-test-data')).fill('{"days": 2}');
      await page.locator(tid('wfd-test-run')).click();
      await expect.poll(() => page.locator(tid('wfd-test-result')).innerText()).toBe('false → 不成立');
      await page.locator(tid('wfd-test-data')).fill('{"days": 5}');
      await page.locator(tid('wfd-test-run')).click();
      await expect.poll(() => page.locator(tid('wfd-test-result')).innerText()).toBe('true → 成立');

      // the gateway's default: the short path
      await pick(page, '(gw)');
      await expect.poll(() => panelId(page)).toBe('gw');
      await chooseOption(page, 'wfd-prop-gatewayDefault', '(f_short)');

      await page.locator(tid('wfd-validate')).click();
      await page.locator('.ant-message', { hasText: '校验通过' }).waitFor();
      await pick(page, '(cs)');
      await settle(page, 500);
      await shot(page, 'wf-story-designer-configured');

      await page.locator(tid('wfd-publish')).click();
      await page.waitForURL(/\/workflow\/scheme\/design\/(?!new)[\w-]+$/);
      const schemeId = page.url().split('/').pop()!;
      const info = await api<{ xml: string; F_Code: string; F_EnabledMark?: number }>(page, 'GET', `/api/workflow-scheme-info/info/${schemeId}`);
      expect(info.F_Code).toBe(code);
      expect(info.xml).toContain('days &gt; 3');
      expect(info.xml).toContain('multiInstanceLoopCharacteristics');
      expect(info.xml).toContain('default="f_short"');
      const csConfig = JSON.parse(
        /<bpmn:userTask id="cs"[\s\S]*?<wf:config>([\s\S]*?)<\/wf:config>/
          .exec(info.xml)![1]!
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
      ) as {
        candidates: { type: string; ids: string[] }[];
        needPassword: boolean;
        completion: string;
        rejectTargets: string[];
        circulate: { F_ObjId: string; F_ObjType: string }[];
      };
      expect(csConfig).toMatchObject({ needPassword: true, completion: 'all', rejectTargets: ['start'] });
      expect(csConfig.candidates).toEqual([expect.objectContaining({ type: 'user', ids: [ids.lisi, ids.admin] })]);
      expect(csConfig.circulate).toEqual([expect.objectContaining({ F_ObjId: ids.wangwu, F_ObjType: '3' })]);

      // enabled in the scheme list
      await page.goto('/workflow/scheme/index');
      await page.locator(tid(`wf-scheme-row-${code}`)).waitFor();
      const status = await page.locator(tid(`wf-scheme-status-${code}`)).innerText();
      console.log('scheme status', status, info.F_EnabledMark);
      if (info.F_EnabledMark === 0) {
        await page.locator(tid(`wf-scheme-toggle-${code}`)).click();
        await expect.poll(() => page.locator(tid(`wf-scheme-status-${code}`)).innerText()).not.toBe(status);
      }

      // ---------- 3. zhangsan launches it: 5 days ----------
      current = zhang.page;
      const zp = zhang.page;
      await zp.goto('/workflow/launch/index');
      await zp.locator(tid(`wf-launch-card-${code}`)).click();
      const launchInput = (vModel: string) =>
        zp
          .locator(`${tid('wf-launch-dialog')} [data-field="${vModel}"]`)
          .locator('input, textarea')
          .first();
      await launchInput('days').waitFor();
      await launchInput('days').fill('5');
      await launchInput('reason').fill('回老家探亲');
      await zp.locator(tid('wf-launch-name')).fill('张三的请假');
      await settle(zp, 300);
      await shot(zp, 'wf-story-launch');
      await zp.locator(tid('wf-launch-submit')).click();
      await zp.locator('.ant-message', { hasText: '流程发起成功' }).waitFor();
      await zp.locator(tid('wf-launch-dialog')).waitFor({ state: 'detached' });
      const mine = await api<{ Rows: { processInstanceId: string; processName: string; state: string }[] }>(zp, 'GET', '/api/workflow-task/my-task?size=50');
      const pid = mine.Rows.find((r) => r.processName === '张三的请假')!.processInstanceId;
      expect(pid).toBeTruthy();

      // the timeline from 我发起的 → 流程进度: created by zhangsan, the countersign open
      await zp.goto('/workflow/process/index?tab=mine');
      await zp.locator(tid(`wf-task-progress-${pid}`)).click();
      await zp.locator(tid('wf-progress-tab-timeline')).click();
      await zp.locator(tid('wf-timeline-record-1')).waitFor();
      expect(await zp.locator(tid('wf-timeline-record-0')).innerText()).toContain('张三 创建了流程');
      const open1 = zp.locator(tid('wf-timeline-record-1'));
      expect(await open1.getAttribute('data-state')).toBe('current');
      expect(await open1.innerText()).toContain('经理会签');
      expect(await open1.locator(tid('wf-timeline-approving')).innerText()).toBe('正在审批');
      await open1.locator(tid('wf-timeline-countersign')).waitFor();
      await settle(zp, 500);
      await shot(zp, 'wf-story-timeline-launched');
      expect((await todos(lisi.page, pid)).map((t) => t.taskName)).toEqual(['经理会签']);
      expect((await todos(admin.page, pid)).map((t) => t.taskName)).toEqual(['经理会签']);

      // ---------- 4. lisi agrees with his stamp: wrong password first ----------
      current = lisi.page;
      const lp = lisi.page;
      const [lisiTask1] = await todos(lp, pid);
      await openTodo(lp, lisiTask1!.taskId);
      await lp.locator(`${tid('wf-form-pane-0')} [data-field="days"]`).waitFor();
      await lp.locator(tid('wf-approval-btn-agree_')).click();
      await lp.locator(tid('wf-approval-message')).fill('情况属实，同意。');
      await chooseStamp(lp, stampName);
      await lp.locator(tid('wf-approval-password')).fill('wrong-password');
      await lp.locator(tid('wf-approval-confirm')).click();
      await lp.locator('.ant-message', { hasText: '签章密码错误' }).waitFor();
      await settle(lp, 300);
      await shot(lp, 'wf-story-approval-wrong-password');
      expect(await lp.locator(tid('wf-approval')).count()).toBe(1);
      expect((await todos(lp, pid)).length).toBe(1);
      await lp.locator(tid('wf-approval-password')).fill('lisi-pwd-1');
      await lp.locator(tid('wf-approval-confirm')).click();
      await lp.locator('.ant-message', { hasText: '审批成功' }).waitFor();
      await lp.locator(tid('wf-approval')).waitFor({ state: 'detached' });
      expect(await todos(lp, pid)).toEqual([]);

      // ---------- 5. admin rejects it back to the start ----------
      current = admin.page;
      const [adminTask] = await todos(page, pid);
      await openTodo(page, adminTask!.taskId);
      await page.locator(tid('wf-approval-btn-reject_')).click();
      await chooseOption(page, 'wf-approval-reject-node', '开始');
      await page.locator(tid('wf-approval-message')).fill('请补充请假事由。');
      await settle(page, 300);
      await shot(page, 'wf-story-reject');
      await page.locator(tid('wf-approval-confirm')).click();
      await page.locator('.ant-message', { hasText: '审批成功' }).waitFor();
      await page.locator(tid('wf-approval')).waitFor({ state: 'detached' });

      // zhangsan has it back: a to-do at the start node; the timeline shows the rejection
      const back = await todos(zp, pid);
      expect(back.map((t) => t.nodeId)).toEqual(['start']);
      expect(await todos(lp, pid)).toEqual([]);
      expect(await todos(page, pid)).toEqual([]);
      let records = await timeline(zp, pid);
      console.log('after reject:\n' + records.map((r) => `${r.activityId} | ${r.activityName} | ${r.text}`).join('\n'));

      // ---------- 6. zhangsan edits and resubmits ----------
      current = zhang.page;
      await openTodo(zp, back[0]!.taskId);
      const texts = await timelineTexts(zp);
      console.log('timeline at the start:\n' + texts.join('\n---\n'));
      expect(texts.length).toBe(4);
      expect(texts[0]).toContain('张三 创建了流程');
      expect(texts[1]).toContain('会签审批：李四 同意');
      expect(texts[1]).toContain('情况属实，同意。');
      expect(texts[2]).toContain('会签审批：系统管理员 驳回 流转到 开始');
      expect(texts[2]).toContain('请补充请假事由。');
      expect(texts[3]).toContain('正在审批');
      expect(texts[3]).toContain('张三');
      await settle(zp, 500);
      await shot(zp, 'wf-story-timeline-rejected');
      await zp.locator(tid('wf-approval-tab-form')).click();
      const reason = zp.locator(`${tid('wf-form-pane-0')} [data-field="reason"] textarea`).first();
      await reason.fill('回老家探亲，已与同事交接工作。');
      await zp.locator(tid('wf-approval-btn-agree_')).click();
      await zp.locator(tid('wf-approval-message')).fill('已补充事由，重新提交。');
      await zp.locator(tid('wf-approval-confirm')).click();
      await zp.locator('.ant-message', { hasText: '审批成功' }).waitFor();
      await zp.locator(tid('wf-approval')).waitFor({ state: 'detached' });

      // lisi again (stamp + password), then admin
      current = lisi.page;
      const again = await todos(lp, pid);
      expect(again.map((t) => t.taskName)).toEqual(['经理会签']);
      await openTodo(lp, again[0]!.taskId);
      await expect
        .poll(() =>
          lp
            .locator(`${tid('wf-form-pane-0')} [data-field="reason"] textarea`)
            .first()
            .inputValue(),
        )
        .toBe('回老家探亲，已与同事交接工作。');
      await lp.locator(tid('wf-approval-btn-agree_')).click();
      await lp.locator(tid('wf-approval-message')).fill('同意。');
      await chooseStamp(lp, stampName);
      await lp.locator(tid('wf-approval-password')).fill('lisi-pwd-1');
      await settle(lp, 300);
      await shot(lp, 'wf-story-approval-stamp');
      await lp.locator(tid('wf-approval-confirm')).click();
      await lp.locator('.ant-message', { hasText: '审批成功' }).waitFor();
      await lp.locator(tid('wf-approval')).waitFor({ state: 'detached' });

      current = admin.page;
      const [adminTask2] = await todos(page, pid);
      expect(adminTask2!.taskName).toBe('经理会签');
      await openTodo(page, adminTask2!.taskId);
      await page.locator(tid('wf-approval-btn-agree_')).click();
      await page.locator(tid('wf-approval-message')).fill('同意休假。');
      await page.locator(tid('wf-approval-confirm')).click();
      await page.locator('.ant-message', { hasText: '审批成功' }).waitFor();
      await page.locator(tid('wf-approval')).waitFor({ state: 'detached' });

      const done = await api<{ Rows: { processInstanceId: string; state: string }[] }>(zp, 'GET', '/api/workflow-task/my-task?size=50');
      expect(done.Rows.find((r) => r.processInstanceId === pid)?.state).toBe('completed');
      records = await timeline(zp, pid);
      console.log('completed:\n' + records.map((r) => `${r.activityId} | ${r.activityName} | ${r.text}`).join('\n'));
      const nodes = records.map((r) => r.activityId);
      expect(nodes).toContain('cs');
      expect(nodes).not.toContain('mgr');

      // ---------- 7. wangwu reads the circulation ----------
      current = wangwu.page;
      const wp = wangwu.page;
      const circulated = await api<{ Rows: { F_Id: string; processInstanceId: string; isRead: number | boolean }[] }>(
        wp,
        'GET',
        '/api/workflow-task/manual-task?size=50',
      );
      const circ = circulated.Rows.find((r) => r.processInstanceId === pid);
      expect(circ).toBeTruthy();
      await wp.goto('/workflow/process/index?tab=circulated');
      await wp.locator(tid(`wf-task-row-${circ!.F_Id}`)).waitFor();
      await wp.locator(tid(`wf-task-unread-${circ!.F_Id}`)).waitFor();
      await settle(wp, 300);
      await shot(wp, 'wf-story-circulated');
      await wp.locator(tid(`wf-task-open-${circ!.F_Id}`)).click();
      await wp.locator(tid('wf-approval-comments')).waitFor();
      expect(await wp.locator(tid('wf-approval')).getAttribute('data-readonly')).toBe('true');
      await expect
        .poll(
          async () =>
            (await api<{ Rows: { F_Id: string; isRead: number | boolean }[] }>(wp, 'GET', '/api/workflow-task/manual-task?size=50')).Rows.find(
              (r) => r.F_Id === circ!.F_Id,
            )?.isRead,
        )
        .toBeTruthy();

      // ---------- 8. the final timeline ----------
      current = zhang.page;
      await zp.goto('/workflow/process/index?tab=mine');
      await zp.locator(tid(`wf-task-view-${pid}`)).click();
      await zp.locator(tid('wf-approval-comments')).waitFor();
      expect(await zp.locator(tid('wf-approval')).getAttribute('data-readonly')).toBe('true');
      const final = await timelineTexts(zp);
      console.log('final timeline:\n' + final.join('\n---\n'));
      const expected = [
        ['开始', '张三 创建了流程'],
        ['会签审批：李四 同意', '情况属实，同意。'],
        ['会签审批：系统管理员 驳回 流转到 开始', '请补充请假事由。'],
        ['张三 提交 流转到 经理会签', '已补充事由，重新提交。'],
        ['会签审批：李四 同意', '同意。'],
        ['会签审批：系统管理员 同意', '同意休假。'],
        ['结束', '审批结束'],
      ];
      expect(final.length).toBe(expected.length);
      expected.forEach((parts, i) => parts.forEach((part) => expect(final[i]).toContain(part)));
      expect(final.join('\n')).not.toContain('经理审批');
      expect(final.join('\n')).not.toContain('正在审批');
      // the countersign records are tagged; lisi's carry his stamp
      for (const i of [1, 2, 4, 5]) await zp.locator(`${tid(`wf-timeline-record-${i}`)} ${tid('wf-timeline-countersign')}`).waitFor();
      await zp.locator(`${tid('wf-timeline-record-1')} ${tid('wf-timeline-stamp')}`).waitFor();
      await zp.locator(`${tid('wf-timeline-record-4')} ${tid('wf-timeline-stamp')}`).waitFor();
      expect(await zp.locator(`${tid('wf-timeline-record-5')} ${tid('wf-timeline-stamp')}`).count()).toBe(0);
      await settle(zp, 500);
      await shot(zp, 'wf-story-timeline-final');

      // ---------- 9. print ----------
      await zp.locator(tid('wf-approval-tab-form')).click();
      await zp.locator(tid('wf-approval-print')).click();
      const sheet = zp.locator(`${tid('wf-print-view')} ${tid('print-view')}`);
      await sheet.waitFor();
      expect(await sheet.innerText()).toContain('回老家探亲，已与同事交接工作。');
      expect(await sheet.innerText()).toContain('5');
      const comments = zp.locator(tid('wf-print-comments'));
      await comments.waitFor();
      const commentTexts = await comments.locator('[data-testid^="wf-print-comment-"]').allInnerTexts();
      expect(commentTexts.length).toBe(5);
      expect(commentTexts.join('\n')).toContain('情况属实，同意。');
      expect(commentTexts.join('\n')).toContain('请补充请假事由。');
      // lisi's two agreements carry his stamp image, loaded
      const stamped = comments.locator('[data-testid^="wf-print-comment-"]', { hasText: '李四' }).locator('img');
      expect(await stamped.count()).toBe(2);
      await expect.poll(() => stamped.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await settle(zp, 600);
      await shot(zp, 'wf-story-print');
      await zp.locator(tid('wf-print-button')).click();
      await expect.poll(() => zp.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await zp.locator('.wf-print-portal').waitFor({ state: 'detached' });
    } catch (e) {
      await shot(current, 'wf-story-failure');
      throw e;
    } finally {
      for (const s of [admin, zhang, lisi, wangwu]) await s.context.close();
    }
  });
});
