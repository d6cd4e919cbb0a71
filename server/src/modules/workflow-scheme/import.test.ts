import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WfLayoutResult, WfSchemeInfo, WfValidateResult } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { loadFixture } from '../workflow/fixtures/index.js';

/**
 * Real-world BPMN files through the API: harmless XML problems are warnings that do not stop a save,
 * and a file without diagram data is stored laid out.
 */

let t: TestApp;
let admin: string;
let zhangsan: string;
const users: Record<string, string> = {};

const uniq = () => `i${Math.random().toString(36).slice(2, 10)}`;
const linear = () => loadFixture('linear', users);

/** A Camunda / Flowable engine test resource as they come: the process only, no incoming / outgoing, one flow without an id. */
const withoutDiagram = (processId: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:wf="http://approval-platform.dev/schema/wf" id="d_${processId}" targetNamespace="http://example.com/test">
  <process id="${processId}" name="Expense" isExecutable="true">
    <startEvent id="start" name="Submitted"/>
    <sequenceFlow sourceRef="start" targetRef="check"/>
    <userTask id="check" name="Manager check">
      <extensionElements><wf:config>{"candidates":[{"type":"user","ids":["${users.lisi}"]}]}</wf:config></extensionElements>
    </userTask>
    <sequenceFlow id="f2" sourceRef="check" targetRef="pay"/>
    <userTask id="pay" name="Payment">
      <extensionElements><wf:config>{"candidates":[{"type":"user","ids":["${users.wangwu}"]}]}</wf:config></extensionElements>
    </userTask>
    <sequenceFlow id="f3" sourceRef="pay" targetRef="done"/>
    <endEvent id="done" name="Paid"/>
  </process>
</definitions>`;

async function save(xml: string) {
  const res = await t.send('POST', '/api/workflow-scheme-info', { F_Code: uniq(), F_Name: 'Imported', xml }, admin);
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return res.json().data as { F_Id: string; versionId: string; F_Version: number };
}
const validate = async (xml: string) =>
  (await t.send('POST', '/api/workflow-scheme-info/validate', { xml }, admin, { 'accept-language': 'en' })).json().data as WfValidateResult;

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
  for (const u of await t.deps.db.selectFrom('users').select(['id', 'account']).where('account', 'in', ['lisi', 'wangwu', 'admin']).execute())
    users[u.account] = u.id;
}, 60_000);
afterAll(() => t.close());

describe('real-world BPMN files', () => {
  it('saves a document declared ISO-8859-1: the encoding is a warning, not an error', async () => {
    const xml = linear().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    await save(xml);
    const { issues } = await validate(xml);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(issues).toContainEqual(expect.objectContaining({ severity: 'warning', message: expect.stringContaining('ISO-8859-1') }));
  });

  it('saves a document whose diagram names a missing process: the unresolved reference is a warning', async () => {
    const xml = linear().replace('<bpmndi:BPMNPlane id="Plane_linear" bpmnElement="linear">', '<bpmndi:BPMNPlane id="Plane_linear" bpmnElement="linear_v0">');
    expect(xml).toContain('bpmnElement="linear_v0"');
    await save(xml);
    const { issues } = await validate(xml);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(issues).toContainEqual(expect.objectContaining({ severity: 'warning', message: expect.stringContaining('linear_v0') }));
  });

  it('stores a file without diagram data laid out; its SVG shows the nodes; the same file again adds no version', async () => {
    const xml = withoutDiagram('expense_nodi');
    const saved = await save(xml);
    const info = (await t.get(`/api/workflow-scheme-info/info/${saved.F_Id}`, admin)).json().data as WfSchemeInfo;
    for (const id of ['start', 'check', 'pay', 'done']) expect(info.xml).toContain(`bpmnElement="${id}"`);
    expect(info.xml).toContain('<bpmndi:BPMNEdge id="Flow_start_check_di" bpmnElement="Flow_start_check">');
    expect(info.xml).toContain('{"candidates":[{"type":"user","ids":["' + users.lisi + '"]}]}');

    const svg = await t.get(info.F_DiagramUrl!.replace(/^.*?\/api\//, '/api/'));
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    for (const name of ['Submitted', 'Manager check', 'Payment', 'Paid']) expect(svg.body).toContain(name);

    const again = (await t.send('PUT', `/api/workflow-scheme-info/${saved.F_Id}`, { xml }, admin)).json().data;
    expect(again).toMatchObject({ F_Version: 1, newVersion: false });
  });

  it('lays a file out for the designer (POST …/layout) and leaves one with a complete diagram alone', async () => {
    const layout = async (xml: string, token = admin) => t.send('POST', '/api/workflow-scheme-info/layout', { xml }, token);
    expect((await layout(linear(), zhangsan)).statusCode).toBe(403);
    expect((await layout(linear())).json().data).toEqual({ xml: linear(), laidOut: false });
    const laid = (await layout(withoutDiagram('expense_layout'))).json().data as WfLayoutResult;
    expect(laid.laidOut).toBe(true);
    expect(laid.xml.match(/<bpmndi:BPMNShape /g)).toHaveLength(4);
    expect(laid.xml.match(/<bpmndi:BPMNEdge /g)).toHaveLength(3);
  });
});
