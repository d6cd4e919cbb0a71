import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WfValidateResult } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newModelXml } from './new-model.js';
import { unsupportedParts } from './design-check.js';

let t: TestApp;
let admin: string;
let zhangsan: string;

const camunda = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="p1" isExecutable="true" camunda:historyTimeToLive="180" camunda:versionTag="v3">
    <bpmn:startEvent id="start" camunda:formKey="embedded:x"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <bpmn:userTask id="approve" name="Approve" camunda:assignee="\${starter}" camunda:asyncBefore="true">
      <bpmn:extensionElements><camunda:taskListener event="create" expression="\${x}"/><camunda:taskListener event="complete" expression="\${y}"/><camunda:properties><camunda:property name="a" value="b"/></camunda:properties></bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="mail"/>
    <bpmn:serviceTask id="mail" name="Mail" camunda:class="a.B"/>
    <bpmn:sequenceFlow id="f3" sourceRef="mail" targetRef="wait"/>
    <bpmn:intermediateCatchEvent id="wait"><bpmn:messageEventDefinition/></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f4" sourceRef="wait" targetRef="end"/>
    <bpmn:endEvent id="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/** A Signavio-style export: every node and flow carries signavio:* attributes, a metadata element and bpmn.io colours. */
function signavio(tasks: number): string {
  const meta =
    '<bpmn:extensionElements><signavio:signavioMetaData metaKey="bgcolor" metaValue="#ffffcc"/><signavio:signavioMetaData metaKey="risks" metaValue=""/></bpmn:extensionElements>';
  const attrs = (i: number) => `signavio:x="${i}" signavio:y="${i * 2}" w4graph:kind="node" bioc:stroke="#000" bioc:fill="#fff" color:background-color="#fff"`;
  const ids = ['start', ...Array.from({ length: tasks }, (_, i) => `t${i + 1}`), 'end'];
  const nodes = ids.map((id, i) => {
    const tag = i === 0 ? 'startEvent' : i === ids.length - 1 ? 'endEvent' : 'task';
    return `<bpmn:${tag} id="${id}" name="Step ${i}" ${attrs(i)}>${meta}</bpmn:${tag}>`;
  });
  const flows = ids
    .slice(1)
    .map(
      (id, i) =>
        `<bpmn:sequenceFlow id="f${i + 1}" sourceRef="${ids[i]}" targetRef="${id}" signavio:edge="1" color:border-color="#333">${meta}</bpmn:sequenceFlow>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:signavio="http://www.signavio.com" xmlns:w4graph="http://www.w4.eu/spec/BPMN/20110930/GRAPH" xmlns:bioc="http://bpmn.io/schema/bpmn/biocolor/1.0" xmlns:color="http://www.omg.org/spec/BPMN/non-normative/color/1.0" id="sid" targetNamespace="http://www.signavio.com/bpmn20" exporter="Signavio Process Editor">
  <bpmn:process id="signavio_p" isExecutable="false" signavio:revision="7">
    ${nodes.join('\n    ')}
    ${flows.join('\n    ')}
  </bpmn:process>
</bpmn:definitions>`;
}

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

  it("names the new model's approval node until approvers are chosen, in zh and en; nothing else is wrong with it", async () => {
    const zh = await t.send('POST', '/api/workflow-scheme-info/validate', { xml: newModelXml('ok1', 'OK', '审批') }, admin);
    expect(zh.json(), zh.body).toMatchObject({
      code: 0,
      data: { issues: [{ elementId: 'task_1', message: '审批节点【审批】未设置审批人', severity: 'error' }], unsupported: [] },
    });
    const en = await t.send('POST', '/api/workflow-scheme-info/validate', { xml: newModelXml('ok1', 'OK', 'Approval') }, admin, { 'accept-language': 'en' });
    expect(en.json().data.issues).toEqual([{ elementId: 'task_1', message: 'Approval node "Approval" has no approvers', severity: 'error' }]);
  });

  it('flags the Camunda parts the engine does not run and lists the issues with element ids', async () => {
    const res = await t.send('POST', '/api/workflow-scheme-info/validate', { xml: camunda }, admin, { 'accept-language': 'en' });
    const data = res.json().data as WfValidateResult;
    expect(data.issues).toContainEqual({ elementId: 'approve', message: 'Approval node "Approve" has no approvers', severity: 'error' });
    // What the engine cannot run at all is refused by the validation, with its own message, once.
    expect(data.issues.filter((i) => i.elementId === 'mail').map((i) => i.message)).toEqual([expect.stringMatching(/^Service task "Mail" would not run/)]);
    expect(data.issues.filter((i) => i.elementId === 'wait').map((i) => i.message)).toEqual([
      expect.stringMatching(/^Intermediate catch event "wait" \(bpmn:MessageEventDefinition\) is not supported/),
    ]);
    const flagged = data.unsupported.map((u) => `${u.elementId}:${u.type}`);
    expect(flagged).toEqual(
      expect.arrayContaining([
        'p1:camunda:historyTimeToLive',
        'start:camunda:formKey',
        'approve:camunda:assignee',
        'approve:camunda:taskListener',
        'mail:camunda:class',
      ]),
    );
    expect(flagged).not.toContain('mail:bpmn:ServiceTask');
    expect(flagged).not.toContain('p1:isExecutable');
    expect(data.unsupported.find((u) => u.type === 'camunda:assignee')?.reason).toBe('Extension attribute camunda:assignee has no effect');
  });

  it('tells vendor parts that change a run (behaviour) from tool metadata (none), one entry per element and type', async () => {
    const unsupported = await unsupportedParts(camunda, 'en');
    const effect = (id: string, type: string) => unsupported.filter((u) => u.elementId === id && u.type === type).map((u) => u.effect);
    expect(effect('approve', 'camunda:assignee')).toEqual(['behaviour']);
    expect(effect('approve', 'camunda:taskListener')).toEqual(['behaviour']); // two listeners, one entry
    expect(effect('mail', 'camunda:class')).toEqual(['behaviour']);
    expect(effect('start', 'camunda:formKey')).toEqual(['behaviour']);
    expect(effect('p1', 'camunda:historyTimeToLive')).toEqual(['none']);
    expect(effect('p1', 'camunda:versionTag')).toEqual(['none']);
    expect(effect('approve', 'camunda:asyncBefore')).toEqual(['none']);
    expect(effect('approve', 'camunda:properties')).toEqual(['none']);
    expect(unsupported.find((u) => u.type === 'camunda:versionTag')?.reason).toBe(
      'camunda:versionTag is tool metadata; it does not change how the process runs',
    );
  });

  it("keeps a Signavio export's hundreds of metadata attributes out of the behaviour list", async () => {
    const unsupported = await unsupportedParts(signavio(60), 'en');
    expect(unsupported.filter((u) => u.effect === 'behaviour')).toEqual([]);
    // 62 nodes and 61 flows, each with signavio:* attributes and a metadata element: one entry per element and type.
    expect(unsupported.length).toBeGreaterThan(300);
    const keys = unsupported.map((u) => `${u.elementId}|${u.type}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('t1|signavio:signavioMetaData');
    expect(keys).toContain('t1|bioc:stroke');
    expect(keys).toContain('f1|color:border-color');
  });

  it('decides by the namespace a prefix is bound to, not by its spelling', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:c="http://camunda.org/schema/1.0/bpmn" xmlns:flowable="http://example.com/our-own-tool" id="d1" targetNamespace="x">
  <bpmn:process id="p1" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="a"/>
    <bpmn:userTask id="a" c:assignee="kermit" flowable:assignee="not-an-engine"/>
    <bpmn:sequenceFlow id="f2" sourceRef="a" targetRef="end"/>
    <bpmn:endEvent id="end"/>
  </bpmn:process>
</bpmn:definitions>`;
    expect((await unsupportedParts(xml, 'en')).map((u) => `${u.type}:${u.effect}`).sort()).toEqual(['c:assignee:behaviour', 'flowable:assignee:none']);
  });

  it("a multi-instance sub-process's collection is run; on a countersign the loop details are not", async () => {
    const loop =
      '<bpmn:multiInstanceLoopCharacteristics camunda:collection="${regions}" camunda:elementVariable="region"><bpmn:loopCardinality>3</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>';
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d1" targetNamespace="x">
  <bpmn:process id="p1" isExecutable="true">
    <bpmn:subProcess id="sub">${loop}<bpmn:userTask id="inner">${loop}</bpmn:userTask></bpmn:subProcess>
  </bpmn:process>
</bpmn:definitions>`;
    expect((await unsupportedParts(xml, 'en')).map((u) => `${u.elementId}:${u.type}`).sort()).toEqual([
      'inner:bpmn:MultiInstanceLoopCharacteristics',
      'inner:camunda:collection',
      'inner:camunda:elementVariable',
    ]);
  });

  it('reports an unreadable document as an issue', async () => {
    const data = (await t.send('POST', '/api/workflow-scheme-info/validate', { xml: '<nope' }, admin)).json().data;
    expect(data.issues).toHaveLength(1);
    expect(data.issues[0].elementId).toBeNull();
    expect(data.unsupported).toEqual([]);
  });

  it('tests a condition over sample data', async () => {
    const run = async (expression: string, data: Record<string, unknown>) =>
      (await t.send('POST', '/api/workflow-scheme-info/test-condition', { expression, data }, admin)).json().data;
    expect(await run('days > 3', { days: '5' })).toEqual({ result: true, truthy: true, error: null });
    expect(await run('${ days > 3 }', { days: 2 })).toEqual({ result: false, truthy: false, error: null });
    expect(await run('len(reason)', { reason: 'abc' })).toEqual({ result: 3, truthy: true, error: null });
    const bad = await run('days >', {});
    expect(bad.truthy).toBe(false);
    expect(bad.error).toEqual(expect.any(String));
    expect((await run('constructor.prototype', {})).error).toEqual(expect.any(String));
  });
});
