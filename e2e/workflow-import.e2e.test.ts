import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, shot, signedIn, tid, useServerAndBrowser } from './harness.js';
import { cfg, settle } from './workflow-setup.js';

/**
 * Real-world BPMN files in the designer (docs/workflow-screens.md "Designer"): a Flowable-style file
 * without diagram data opens laid out (sub-process drawn collapsed with its own plane) and saves with its diagram;
 * pools without diagram data are drawn; a file with harmless XML problems and vendor metadata shows its warnings
 * apart and its metadata folded — in zh and en, the dark theme and at 375 px. Screenshots e2e/.shots/workflow-import-*.png.
 */
const env = useServerAndBrowser();

const starter = cfg({ candidates: [{ type: 'starter', ids: [] }] });

/** As Flowable's engine test resources come: no diagram, no incoming / outgoing, a flow without an id. */
const flowable = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" xmlns:wf="http://approval-platform.dev/schema/wf" id="d" targetNamespace="http://flowable.org/test">
  <process id="leave_flowable" name="请假（Flowable）" isExecutable="true">
    <startEvent id="start" name="开始"/>
    <sequenceFlow sourceRef="start" targetRef="approve"/>
    <userTask id="approve" name="经理审批" flowable:assignee="kermit" flowable:priority="50">
      <extensionElements><wf:config>${starter}</wf:config></extensionElements>
    </userTask>
    <boundaryEvent id="remind" attachedToRef="approve" cancelActivity="false">
      <extensionElements><wf:config>${cfg({ action: 'remind' })}</wf:config></extensionElements>
      <timerEventDefinition><timeDuration>PT2H</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="gw"/>
    <exclusiveGateway id="gw" name="天数？" default="f_short"/>
    <sequenceFlow id="f_long" name="超过 3 天" sourceRef="gw" targetRef="review"><conditionExpression>\${days &gt; 3}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f_short" sourceRef="gw" targetRef="end"/>
    <subProcess id="review" name="人事复核">
      <startEvent id="review_start"/>
      <sequenceFlow id="r1" sourceRef="review_start" targetRef="review_task"/>
      <userTask id="review_task" name="人事审批"><extensionElements><wf:config>${starter}</wf:config></extensionElements></userTask>
      <sequenceFlow id="r2" sourceRef="review_task" targetRef="review_end"/>
      <endEvent id="review_end"/>
    </subProcess>
    <sequenceFlow id="f3" sourceRef="review" targetRef="end"/>
    <endEvent id="end" name="结束"/>
  </process>
</definitions>`;

/** Two pools without diagram data, a message flow between them. */
const pools = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:wf="http://approval-platform.dev/schema/wf" id="d2" targetNamespace="x">
  <collaboration id="collab">
    <participant id="customer" name="客户"/>
    <participant id="company" name="公司" processRef="orders"/>
    <messageFlow id="m1" sourceRef="customer" targetRef="receive"/>
  </collaboration>
  <process id="orders" name="订单审核" isExecutable="true">
    <startEvent id="receive" name="收到订单"/>
    <sequenceFlow id="o1" sourceRef="receive" targetRef="check"/>
    <userTask id="check" name="审核订单"><extensionElements><wf:config>${starter}</wf:config></extensionElements></userTask>
    <sequenceFlow id="o2" sourceRef="check" targetRef="done"/>
    <endEvent id="done" name="完成"/>
  </process>
</definitions>`;

/**
 * A file with a diagram, an ISO-8859-1 declaration, a diagram naming an old process id, a Camunda assignee, and
 * tool metadata (Signavio attributes and metadata elements on every element, bpmn.io colours on the shapes).
 */
const noisy = () => {
  const meta = '<extensionElements><signavio:signavioMetaData metaKey="bgcolor" metaValue="#ffffcc"/></extensionElements>';
  const paint = 'signavio:x="1" signavio:y="2"';
  // bpmn.io's colours belong on the diagram shapes (on a process element moddle would warn: unknown attribute).
  const colour = 'bioc:stroke="#205022" bioc:fill="#c8e6c9" color:background-color="#c8e6c9" color:border-color="#205022"';
  return `<?xml version="1.0" encoding="ISO-8859-1"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:signavio="http://www.signavio.com" xmlns:bioc="http://bpmn.io/schema/bpmn/biocolor/1.0" xmlns:color="http://www.omg.org/spec/BPMN/non-normative/color/1.0" xmlns:wf="http://approval-platform.dev/schema/wf" id="d3" targetNamespace="x">
  <bpmn:process id="noisy" name="Purchase" isExecutable="true" camunda:versionTag="3" camunda:historyTimeToLive="180">
    <bpmn:startEvent id="start" name="Request" ${paint}>${meta}</bpmn:startEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve" ${paint}/>
    <bpmn:userTask id="approve" name="Approve" camunda:assignee="demo" ${paint}><bpmn:extensionElements><signavio:signavioMetaData metaKey="risk" metaValue=""/><wf:config>${starter}</wf:config></bpmn:extensionElements></bpmn:userTask>
    <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="end" ${paint}/>
    <bpmn:endEvent id="end" name="Done" ${paint}>${meta}</bpmn:endEvent>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="dia"><bpmndi:BPMNPlane id="plane" bpmnElement="noisy_v1">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start" ${colour}><dc:Bounds x="180" y="102" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="approve_di" bpmnElement="approve" ${colour}><dc:Bounds x="280" y="80" width="100" height="80"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="end_di" bpmnElement="end" ${colour}><dc:Bounds x="452" y="102" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="216" y="120"/><di:waypoint x="280" y="120"/></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="380" y="120"/><di:waypoint x="452" y="120"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
};

async function importFile(page: Page, name: string, xml: string) {
  await page.locator(tid('wfd-import-file')).setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(xml) });
}

/** Every shape of the canvas's current plane, with its box on screen. */
const shapeBoxes = (page: Page) =>
  page.locator('.djs-element.djs-shape').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { id: e.getAttribute('data-element-id') ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );

async function openNewDesigner(page: Page) {
  await page.goto('/workflow/scheme/design/new');
  await page.locator('.djs-element[data-element-id="task_1"]').waitFor();
}

describe('importing real-world BPMN files', () => {
  it('lays out files without diagram data, shows warnings apart and folds tool metadata', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    try {
      // A Flowable file without diagram data: laid out, every top-level node drawn, none on top of another.
      await openNewDesigner(page);
      await importFile(page, 'leave.bpmn20.xml', flowable);
      await page.locator('.ant-message').getByText('文件没有完整的图形数据，已自动排版').waitFor();
      for (const id of ['start', 'approve', 'remind', 'gw', 'review', 'end']) await page.locator(`.djs-element[data-element-id="${id}"]`).waitFor();
      const canvas = (await page.locator(tid('wfd-canvas')).boundingBox())!;
      const boxes = (await shapeBoxes(page)).filter((b) => !b.id.endsWith('_label'));
      for (const b of boxes) {
        expect(b.x >= canvas.x && b.x + b.width <= canvas.x + canvas.width + 1, `${b.id} inside the canvas`).toBe(true);
      }
      const nodes = boxes.filter((b) => b.id !== 'remind'); // a boundary event sits on its task's edge by design
      for (const [i, a] of nodes.entries()) {
        for (const b of nodes.slice(i + 1))
          expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y, `${a.id} / ${b.id}`).toBe(true);
      }
      await expect.poll(() => page.locator(tid('wfd-code')).inputValue()).toBe('leave_flowable');
      await page.locator(tid('wfd-issues')).waitFor();
      await settle(page);
      await shot(page, 'workflow-import-laid-out');

      // The sub-process is drawn collapsed; its content is on its own plane (bpmn-js's drill-down).
      await page.locator('.bjs-drilldown').first().click();
      await page.locator('.djs-element[data-element-id="review_task"]').waitFor();
      await settle(page, 300);
      await shot(page, 'workflow-import-subprocess');
      await page.locator('.bjs-breadcrumbs li').first().click();
      await page.locator('.djs-element[data-element-id="approve"]').waitFor();

      // Saved with its diagram.
      await page.locator(tid('wfd-save')).click();
      await page.waitForURL(/\/workflow\/scheme\/design\/(?!new)/);
      const schemeId = page.url().split('/').pop()!;
      const info = await api<{ xml: string }>(page, 'GET', `/api/workflow-scheme-info/info/${schemeId}`);
      for (const id of ['start', 'approve', 'gw', 'review', 'review_task', 'end', 'Flow_start_approve']) expect(info.xml).toContain(`bpmnElement="${id}"`);

      // Pools without diagram data.
      await openNewDesigner(page);
      await importFile(page, 'orders.bpmn', pools);
      for (const id of ['customer', 'company', 'receive', 'check', 'done', 'm1']) await page.locator(`.djs-element[data-element-id="${id}"]`).waitFor();
      await settle(page);
      await shot(page, 'workflow-import-pools');

      // Harmless XML problems are warnings (calm, not red); tool metadata is one folded line without marks.
      await openNewDesigner(page);
      await importFile(page, 'purchase.bpmn', noisy());
      await page.locator(tid('wfd-warnings')).waitFor();
      expect(await page.locator(`${tid('wfd-issues')} [data-kind="warning"]`).count()).toBeGreaterThanOrEqual(2);
      expect(await page.locator(`${tid('wfd-issues')} [data-kind="issue"]`).count()).toBe(0);
      expect(await page.locator(tid('wfd-mark-approve')).getAttribute('data-kind')).toBe('unsupported');
      expect(await page.locator(tid('wfd-mark-start')).count()).toBe(0);
      expect(await page.locator(tid('wfd-metadata')).innerText()).toMatch(/^\d+ 项工具元数据，不影响运行$/);
      expect(await page.locator(`${tid('wfd-issues')} [data-kind="metadata"]`).count()).toBe(0);
      await settle(page);
      await shot(page, 'workflow-import-issues-zh');
      await page.locator(tid('wfd-metadata')).click();
      await page
        .locator(`${tid('wfd-issues')} [data-kind="metadata"]`)
        .first()
        .waitFor();
      await settle(page, 300);
      await shot(page, 'workflow-import-issues-metadata');
      // bpmn-js writes the drawing back as UTF-8 with the plane on the process: the warnings were the file's.
      await page.locator(tid('wfd-validate')).click();
      await page.locator('.ant-message').getByText('校验通过').waitFor();
      expect(await page.locator(`${tid('wfd-issues')} [data-kind="warning"]`).count()).toBe(0);

      // English.
      await page.evaluate(() => localStorage.setItem('app.language', 'en'));
      await openNewDesigner(page);
      await importFile(page, 'purchase.bpmn', noisy());
      await page.locator(tid('wfd-warnings')).waitFor();
      expect(await page.locator(tid('wfd-metadata')).innerText()).toMatch(/^\d+ item\(s\) of tool metadata, no effect on execution$/);
      await importFile(page, 'leave.bpmn20.xml', flowable);
      await page.locator('.ant-message').getByText('The file had no complete diagram; it was laid out automatically').waitFor();
      await page.locator('.djs-element[data-element-id="review"]').waitFor();
      await settle(page);
      await shot(page, 'workflow-import-en');

      // Dark theme, Chinese.
      await page.evaluate(() => {
        localStorage.setItem('app.language', 'zh-CN');
        localStorage.setItem('app.theme', 'darkTheme');
        localStorage.setItem('app.menuLayout', 'top');
      });
      await openNewDesigner(page);
      await importFile(page, 'purchase.bpmn', noisy());
      await page.locator(tid('wfd-warnings')).waitFor();
      await settle(page);
      await shot(page, 'workflow-import-dark');

      // A phone: the issue list scrolls inside its card, nothing sticks out sideways.
      await page.evaluate(() => localStorage.setItem('app.theme', 'default'));
      await page.setViewportSize({ width: 375, height: 800 });
      await openNewDesigner(page);
      await importFile(page, 'leave.bpmn20.xml', flowable);
      await page.locator('.djs-element[data-element-id="review"]').waitFor();
      await page.locator(tid('wfd-issues')).waitFor();
      const card = (await page.locator(tid('wfd-issues')).boundingBox())!;
      expect(card.x + card.width).toBeLessThanOrEqual(376);
      await page.locator(tid('wfd-issues')).scrollIntoViewIfNeeded();
      await settle(page);
      await shot(page, 'workflow-import-375');
    } finally {
      await context.close();
    }
  });

  it('asks which pool runs, and configures a multi-instance sub-process and a timer cycle in the panel', async () => {
    const twoPools = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:wf="http://approval-platform.dev/schema/wf" id="d4" targetNamespace="x">
  <collaboration id="collab2">
    <participant id="p_customer" name="客户" processRef="customer_p"/>
    <participant id="p_company" name="公司" processRef="company_p"/>
  </collaboration>
  <process id="customer_p" name="客户下单" isExecutable="true">
    <startEvent id="c_start"/><sequenceFlow id="c1" sourceRef="c_start" targetRef="c_end"/><endEvent id="c_end"/>
  </process>
  <process id="company_p" name="公司审核" isExecutable="true">
    <startEvent id="s"/>
    <sequenceFlow id="k1" sourceRef="s" targetRef="regions"/>
    <subProcess id="regions" name="各区域复核">
      <multiInstanceLoopCharacteristics isSequential="false"><loopCardinality>3</loopCardinality></multiInstanceLoopCharacteristics>
      <userTask id="region_check" name="区域审批"><extensionElements><wf:config>${starter}</wf:config></extensionElements></userTask>
    </subProcess>
    <boundaryEvent id="nudge" name="每天提醒" attachedToRef="regions" cancelActivity="false"><timerEventDefinition><timeCycle>R/P1D</timeCycle></timerEventDefinition></boundaryEvent>
    <sequenceFlow id="k2" sourceRef="regions" targetRef="e"/>
    <sequenceFlow id="k3" sourceRef="nudge" targetRef="e2"/>
    <endEvent id="e"/><endEvent id="e2"/>
  </process>
</definitions>`;
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    try {
      await openNewDesigner(page);
      await importFile(page, 'two-pools.bpmn', twoPools);
      await page.locator('.djs-element[data-element-id="regions"]').waitFor();
      // Two executable processes: the save would not know which to run, and says so.
      await expect
        .poll(async () => (await page.locator(`${tid('wfd-issues')} [data-kind="issue"]`).allInnerTexts()).join('\n'))
        .toContain('文档中有多个可执行的流程');
      // The panel of the collaboration offers the choice.
      await page.locator('.djs-element[data-element-id="p_company"]').click({ position: { x: 8, y: 8 } });
      await page
        .locator(tid('wfd-prop-runningPool'))
        .waitFor()
        .catch(async () => {
          await page.locator(tid('wfd-canvas')).click({ position: { x: 5, y: 5 } });
          await page.locator(tid('wfd-prop-runningPool')).waitFor();
        });
      await page.locator(tid('wfd-prop-runningPool')).click();
      await page.locator('.ant-select-item-option').getByText('公司审核 (company_p)').click();
      await page.locator(tid('wfd-validate')).click();
      await expect
        .poll(async () => (await page.locator(`${tid('wfd-issues')} [data-kind="issue"]`).allInnerTexts()).join('\n'))
        .not.toContain('多个可执行的流程');
      await expect
        .poll(async () => (await page.locator(`${tid('wfd-issues')} [data-kind="warning"]`).allInnerTexts()).join('\n'))
        .toContain('流程【客户下单】不会运行');

      // The multi-instance sub-process: three instances, done when any one completes.
      await page.locator('.djs-element[data-element-id="regions"]').click({ position: { x: 10, y: 10 } });
      await expect.poll(() => page.locator(tid('wfd-panel')).getAttribute('data-kind')).toBe('subProcess');
      expect(await page.locator(tid('wfd-prop-cardinality')).inputValue()).toBe('3');
      await page.locator(tid('wfd-prop-subCompletion')).click();
      await page.locator('.ant-select-item-option').getByText('任一完成').click();
      await settle(page, 300);
      await shot(page, 'workflow-import-subprocess-panel');

      // The timer: a cycle, non-interrupting, and what that does.
      await page.locator('.djs-element[data-element-id="nudge"]').click();
      await expect.poll(() => page.locator(tid('wfd-panel')).getAttribute('data-kind')).toBe('timer');
      expect(await page.locator(tid('wfd-prop-duration')).inputValue()).toBe('R/P1D');
      expect(await page.locator(tid('wfd-timer-flow-hint')).innerText()).toContain('不中断');
      await settle(page, 300);
      await shot(page, 'workflow-import-timer-panel');

      // Saved: the chosen pool is the executable one, the completion rule is in the sub-process's config.
      await page.locator(tid('wfd-save')).click();
      await page.waitForURL(/\/workflow\/scheme\/design\/(?!new)/);
      const schemeId = page.url().split('/').pop()!;
      const info = await api<{ xml: string }>(page, 'GET', `/api/workflow-scheme-info/info/${schemeId}`);
      expect(info.xml).toMatch(/id="customer_p"[^>]*isExecutable="false"|isExecutable="false"[^>]*id="customer_p"/);
      expect(info.xml).toMatch(/(&quot;|")completion(&quot;|"):(&quot;|")any(&quot;|")/);
    } finally {
      await context.close();
    }
  });
});
