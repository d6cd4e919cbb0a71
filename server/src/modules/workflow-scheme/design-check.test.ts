import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newModelXml } from './new-model.js';

let t: TestApp;
let admin: string;
let zhangsan: string;

const camunda = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="p1" isExecutable="true" camunda:historyTimeToLive="180">
    <bpmn:startEvent id="start" camunda:formKey="embedded:x"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <bpmn:userTask id="approve" name="Approve" camunda:assignee="\${starter}">
      <bpmn:extensionElements><camunda:taskListener event="create" expression="\${x}"/></bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="mail"/>
    <bpmn:serviceTask id="mail" name="Mail" camunda:class="a.B"/>
    <bpmn:sequenceFlow id="f3" sourceRef="mail" targetRef="wait"/>
    <bpmn:intermediateCatchEvent id="wait"><bpmn:messageEventDefinition/></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f4" sourceRef="wait" targetRef="end"/>
    <bpmn:endEvent id="end"/>
  </bpmn:process>
</bpmn:definitions>`;

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
}, 60_000);
afterAll(() => t.close());

describe('designer checks', () => {
  it('needs workflow.scheme.list', async () => {
    expect((await t.send('POST', '/api/workflow-scheme-info/validate', { xml: camunda }, zhangsan)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/workflow-scheme-info/test-condition', { expression: '1', data: {} }, zhangsan)).statusCode).toBe(403);
  });

  it('validates a good model with no issues and nothing unsupported', async () => {
    const res = await t.send('POST', '/api/workflow-scheme-info/validate', { xml: newModelXml('ok1', 'OK', 'Approval') }, admin);
    expect(res.json(), res.body).toMatchObject({ code: 0, data: { issues: [], unsupported: [] } });
  });

  it('flags the Camunda parts the engine does not run and lists the issues with element ids', async () => {
    const res = await t.send('POST', '/api/workflow-scheme-info/validate', { xml: camunda }, admin, { 'accept-language': 'en' });
    const data = res.json().data as { issues: { elementId: string | null; message: string }[]; unsupported: { elementId: string | null; type: string; reason: string }[] };
    expect(data.issues).toContainEqual({ elementId: 'approve', message: 'Approval node "Approve" has no approvers' });
    const flagged = data.unsupported.map((u) => `${u.elementId}:${u.type}`);
    expect(flagged).toEqual(
      expect.arrayContaining([
        'p1:camunda:historyTimeToLive',
        'start:camunda:formKey',
        'approve:camunda:assignee',
        'approve:camunda:taskListener',
        'mail:bpmn:ServiceTask',
        'mail:camunda:class',
        'wait:bpmn:IntermediateCatchEvent',
        'wait:bpmn:MessageEventDefinition',
      ]),
    );
    expect(flagged).not.toContain('p1:isExecutable');
    expect(data.unsupported.find((u) => u.type === 'camunda:assignee')?.reason).toBe('Extension attribute camunda:assignee has no effect');
  });

  it('reports an unreadable document as an issue', async () => {
    const data = (await t.send('POST', '/api/workflow-scheme-info/validate', { xml: '<nope' }, admin)).json().data;
    expect(data.issues).toHaveLength(1);
    expect(data.issues[0].elementId).toBeNull();
    expect(data.unsupported).toEqual([]);
  });

  it('tests a condition over sample data', async () => {
    const run = async (expression: string, data: Record<string, unknown>) => (await t.send('POST', '/api/workflow-scheme-info/test-condition', { expression, data }, admin)).json().data;
    expect(await run('days > 3', { days: '5' })).toEqual({ result: true, truthy: true, error: null });
    expect(await run('${ days > 3 }', { days: 2 })).toEqual({ result: false, truthy: false, error: null });
    expect(await run('len(reason)', { reason: 'abc' })).toEqual({ result: 3, truthy: true, error: null });
    const bad = await run('days >', {});
    expect(bad.truthy).toBe(false);
    expect(bad.error).toEqual(expect.any(String));
    expect((await run('constructor.prototype', {})).error).toEqual(expect.any(String));
  });
});
