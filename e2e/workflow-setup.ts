import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { api, tid } from './harness.js';

/**
 * What the workflow end-to-end tests (e2e/workflow-*.e2e.test.ts) share: the JSON of a <wf:config>, designed form
 * fields, a BPMN chain with its diagram, user ids, the to-do list, the designer's property-panel helpers.
 */

/** A <wf:config> body: the JSON, XML-escaped. */
export const cfg = (o: unknown) => JSON.stringify(o).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Where a field is stored: `bindTable` adds `bindTable` / `bindTableField` (the field's own name) to its __config__. */
export interface FieldOptions {
  bindTable?: string;
}

/** A designed form field (span 12 unless `config` says otherwise). */
export const field = (
  formId: number,
  vModel: string,
  avueType: string,
  label: string,
  config: Record<string, unknown> = {},
  { bindTable }: FieldOptions = {},
) => ({
  __vModel__: vModel,
  __config__: { formId, avueType, label, span: 12, ...(bindTable ? { bindTable, bindTableField: vModel } : {}), ...config },
});

/** The field builder of a form bound to `bindTable`. */
export const boundField =
  (bindTable: string) =>
  (formId: number, vModel: string, avueType: string, label: string, config: Record<string, unknown> = {}) =>
    field(formId, vModel, avueType, label, config, { bindTable });

/** A user task of a chain. */
export interface ChainNode {
  id: string;
  name: string;
  config: Record<string, unknown>;
  countersign?: boolean;
}

export interface ChainOptions {
  /** The process name (default: the code). */
  name?: string;
  /** The sequence flows are `${flowPrefix}1`, `${flowPrefix}2`, … (default 'f'). */
  flowPrefix?: string;
}

/** A BPMN chain start → nodes… → end (process id `code`), with DI. */
export function chainXml(code: string, nodes: ChainNode[], { name = code, flowPrefix = 'f' }: ChainOptions = {}): string {
  const ids = ['start', ...nodes.map((n) => n.id), 'end'];
  const flows = ids.slice(1).map((target, i) => ({ id: `${flowPrefix}${i + 1}`, source: ids[i]!, target }));
  const x = (i: number) => 100 + i * 160;
  const tasks = nodes
    .map(
      (n) => `
    <bpmn:userTask id="${n.id}" name="${n.name}">
      <bpmn:extensionElements><wf:config>${cfg(n.config)}</wf:config></bpmn:extensionElements>${n.countersign ? '\n      <bpmn:multiInstanceLoopCharacteristics />' : ''}
    </bpmn:userTask>`,
    )
    .join('');
  const shapes = ids
    .map((id, i) =>
      id === 'start' || id === 'end'
        ? `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x(i) + 32}" y="102" width="36" height="36" /></bpmndi:BPMNShape>`
        : `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x(i)}" y="80" width="100" height="80" /></bpmndi:BPMNShape>`,
    )
    .join('\n      ');
  const edges = flows
    .map(
      (f, i) =>
        `<bpmndi:BPMNEdge id="${f.id}_di" bpmnElement="${f.id}"><di:waypoint x="${x(i) + 100}" y="120" /><di:waypoint x="${x(i + 1)}" y="120" /></bpmndi:BPMNEdge>`,
    )
    .join('\n      ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:wf="http://approval-platform.dev/schema/wf" id="Definitions_${code}" targetNamespace="http://approval-platform.dev/bpmn">
  <bpmn:process id="${code}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />${tasks}
    <bpmn:endEvent id="end" name="结束" />
    ${flows.map((f) => `<bpmn:sequenceFlow id="${f.id}" sourceRef="${f.source}" targetRef="${f.target}" />`).join('\n    ')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${code}">
    <bpmndi:BPMNPlane id="Plane_${code}" bpmnElement="${code}">
      ${shapes}
      ${edges}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

/** The user id of an account (looked up through the user list). */
export async function userId(page: Page, account: string): Promise<string> {
  const list = await api<{ Rows: { F_UserId: string; F_Account: string }[] }>(page, 'GET', `/api/users/page?keyword=${account}&size=50`);
  const found = list.Rows.find((u) => u.F_Account === account);
  if (!found) throw new Error(`no user ${account}`);
  return found.F_UserId;
}

export interface TaskRow {
  taskId: string;
  processInstanceId: string;
  taskName: string;
  nodeId: string;
}

/** The signed-in user's open tasks of one process instance. */
export const todos = (page: Page, pid: string) =>
  api<{ Rows: TaskRow[] }>(page, 'GET', '/api/workflow-task/upcoming-task?limit=1&size=100').then((l) => l.Rows.filter((r) => r.processInstanceId === pid));

/** Lets antd's open / close animations finish before a screenshot. */
export const settle = (page: Page, ms = 600) => page.waitForTimeout(ms);

// ---------- the designer ----------

/** Selects a diagram element through the designer's element picker (typing part of its label). */
export async function pick(page: Page, text: string) {
  await page
    .locator(`${tid('wfd-element-picker')} input, input${tid('wfd-element-picker')}`)
    .first()
    .fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}
/** The id of the element the property panel shows. */
export const panelId = (page: Page) => page.locator(tid('wfd-panel')).getAttribute('data-element-id');
/** Clicks an entry of the open context pad. */
export async function contextPad(page: Page, action: string) {
  await page.locator(`.djs-context-pad.open .entry[data-action="${action}"]`).click();
}
/** Fills a property-panel text field and leaves it (the panel commits on blur). */
export async function setText(page: Page, testId: string, value: string) {
  await page.locator(tid(testId)).fill(value);
  await page.locator(tid(testId)).press('Tab');
}
/** Chooses an option of a property-panel select. */
export async function chooseOption(page: Page, testId: string, option: string) {
  await page.locator(tid(testId)).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}
